// The admin area's routes (spec 1 §2), under /admin (the router lets only admins in). The area's
// table comes with its code, not with `/`. Unknown admin paths go to /admin.
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, page } from '@/app/lazy-page';
import { Component as AdminLayout } from './layout';

export const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: lazyPage(() => import('./dashboard')) },
      page('users', () => import('./users')),
      page('orders', () => import('./orders')),
      page('orders/:orderId', () => import('./order-detail')),
      page('production', () => import('./production')),
      page('reviews', () => import('./reviews')),
      page('reports/sales', () => import('./sales-report')),
      page('webhooks', () => import('./webhooks')),
      page('abandoned-checkouts', () => import('./abandoned-checkouts')),
      page('catalog', () => import('./catalog')),
      page('catalog/:sku', () => import('./catalog-product')),
      page('settings', () => import('./settings')),
      page('promotions', () => import('./promotions')),
      page('promotions/:code', () => import('./promotion-detail')),
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
];

export function Component() {
  return useRoutes(adminRoutes);
}
