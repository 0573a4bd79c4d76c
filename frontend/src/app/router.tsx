// The routes of spec 1 §2. Every page is a lazy route module (so `/` loads only the shell and the
// home page); a module exports `Component`. Guards wrap the account area, the login-required
// checkouts and the admin area. Unknown paths go to `/`; the account and admin areas bring their
// own route tables (routes/*/routes.tsx, loaded with the area) and unknown-path redirects. The admin
// area sits outside the shop's layout: it has its own shell, without the shop's header and footer.
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { CATEGORY_PAGES, PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { RequireAdmin } from '@/features/session/components/require-admin';
import { RequireAuth } from '@/features/session/components/require-auth';
import { AdminRoot } from './layout/admin-root';
import { RootLayout } from './layout/root-layout';
import { lazyPage, page } from './lazy-page';

const category = lazyPage(() => import('./routes/category'));
const collage = lazyPage(() => import('./routes/collage'));
const product = lazyPage(() => import('./routes/product'));
// The template collage pages (spec 2 §2), by their paths and aliases; they outrank `product/*`.
const collagePaths = PRODUCTS.filter((p) => p.family === 'collages').flatMap((p) => [p.path, ...p.aliases]);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: lazyPage(() => import('./routes/home')) },
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
      ...CATEGORY_PAGES.map((c) => ({ path: c.path, element: category })),
      // The two strip colour pages are product pages of their own (catalog.ts).
      { path: 'strips/white-photo-strips', element: product },
      { path: 'strips/black-photo-strips', element: product },
      ...collagePaths.map((path) => ({ path: path.slice(1), element: collage })),
      { path: 'product/*', element: product },
      {
        path: 'account/*',
        element: <RequireAuth>{lazyPage(() => import('./routes/account/routes'))}</RequireAuth>,
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
  {
    element: <AdminRoot />,
    children: [
      {
        path: 'admin/*',
        element: <RequireAdmin>{lazyPage(() => import('./routes/admin/routes'))}</RequireAdmin>,
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
