// The routes of spec 1 §2. Every page is a lazy route module (so `/` loads only the shell and the
// home page); a module exports `Component`. Guards wrap the account area, the login-required
// checkouts and the admin area. Unknown paths go to `/` (unknown admin paths to /admin).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CATEGORY_PAGES, PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { Spinner } from '../components/spinner';
import { RequireAdmin } from '../features/session/components/require-admin';
import { RequireAuth } from '../features/session/components/require-auth';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

const page = (path: string, lazy: NonNullable<RouteObject['lazy']>): RouteObject => ({ path, lazy });
const category = () => import('./routes/category');
const collage = () => import('./routes/collage');
// The template collage pages (spec 2 §2), by their paths and aliases; they outrank `product/*`.
const collagePaths = PRODUCTS.filter((p) => p.family === 'collages').flatMap((p) => [p.path, ...p.aliases]);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <Spinner page />,
    children: [
      {
        // Errors of a page show inside the header and footer.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          page('login', () => import('./routes/auth/login')),
          page('register', () => import('./routes/auth/register')),
          page('forgot-password', () => import('./routes/auth/forgot-password')),
          page('reset-password/:token', () => import('./routes/auth/reset-password')),
          page('cart', () => import('./routes/cart')),
          page('checkout', () => import('./routes/checkout/checkout')),
          page('checkout-auth', () => import('./routes/checkout/checkout-auth')),
          {
            element: <RequireAuth />,
            children: [
              page('checkout-form', () => import('./routes/checkout/checkout-form')),
              page('checkout-legacy', () => import('./routes/checkout/checkout-legacy')),
            ],
          },
          page('order-confirmation', () => import('./routes/checkout/order-confirmation')),
          page('track-order', () => import('./routes/checkout/track-order')),
          page('reviews', () => import('./routes/reviews')),
          page('contact', () => import('./routes/contact')),
          page('privacy-policy', () => import('./routes/info/privacy-policy')),
          page('terms-of-service', () => import('./routes/info/terms-of-service')),
          page('shipping-info', () => import('./routes/info/shipping-info')),
          page('returns-refunds', () => import('./routes/info/returns-refunds')),
          page('search', () => import('./routes/search')),
          ...CATEGORY_PAGES.map((c) => page(c.path, category)),
          // The two strip colour pages are product pages of their own (catalog.ts).
          page('strips/white-photo-strips', () => import('./routes/product')),
          page('strips/black-photo-strips', () => import('./routes/product')),
          ...collagePaths.map((path) => page(path.slice(1), collage)),
          page('product/*', () => import('./routes/product')),
          {
            path: 'account',
            element: <RequireAuth />,
            children: [
              {
                lazy: () => import('./routes/account/layout'),
                children: [
                  { index: true, element: <Navigate to="orders" replace /> },
                  page('orders', () => import('./routes/account/orders')),
                  page('orders/:orderId', () => import('./routes/account/order-detail')),
                  page('addresses', () => import('./routes/account/addresses')),
                  page('addresses/new', () => import('./routes/account/address-new')),
                  page('addresses/:addressId/edit', () => import('./routes/account/address-edit')),
                  page('change-password', () => import('./routes/account/change-password')),
                  { path: '*', element: <Navigate to="/account/orders" replace /> },
                ],
              },
            ],
          },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [
              {
                lazy: () => import('./routes/admin/layout'),
                children: [
                  { index: true, lazy: () => import('./routes/admin/dashboard') },
                  page('users', () => import('./routes/admin/users')),
                  page('orders', () => import('./routes/admin/orders')),
                  page('orders/:orderId', () => import('./routes/admin/order-detail')),
                  page('reviews', () => import('./routes/admin/reviews')),
                  page('reports/sales', () => import('./routes/admin/sales-report')),
                  page('webhooks', () => import('./routes/admin/webhooks')),
                  page('abandoned-checkouts', () => import('./routes/admin/abandoned-checkouts')),
                  { path: '*', element: <Navigate to="/admin" replace /> },
                ],
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
