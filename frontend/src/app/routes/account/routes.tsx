// The account area's routes (spec 1 §2), under /account (the router requires a login first). The
// area's table comes with its code, not with `/`. The index and unknown paths go to orders.
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { page } from '@/app/lazy-page';
import { Component as AccountLayout } from './layout';

export const accountRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [
      { index: true, element: <Navigate to="orders" replace /> },
      page('orders', () => import('./orders')),
      page('orders/:orderId', () => import('./order-detail')),
      page('addresses', () => import('./addresses')),
      page('addresses/new', () => import('./address-new')),
      page('addresses/:addressId/edit', () => import('./address-edit')),
      page('change-password', () => import('./change-password')),
      { path: '*', element: <Navigate to="/account/orders" replace /> },
    ],
  },
];

export function Component() {
  return useRoutes(accountRoutes);
}
