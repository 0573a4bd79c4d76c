// A frame's page (its children, else the route's outlet) inside a Suspense boundary of its own. A
// page whose code is still loading after the frame has shown (an account page once the session
// check answers) would else suspend the app's outer boundary, and React hides all it had shown
// (display: none): the header and footer vanished for 100-300 ms and the page scrolled to the top.
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from './spinner';

export function PageSuspense({ children }: { children?: ReactNode }) {
  return <Suspense fallback={<Spinner page />}>{children ?? <Outlet />}</Suspense>;
}
