// The route error screen of spec 1 §2, word for word, and the boundary that shows it when a page
// (or its code) fails; the next navigation tries again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/button';
import { PageMeta } from '../components/page-meta';
// The page frame's styles: this screen uses them without the Page component.
import '../components/page.css';

export const ROUTE_ERROR_TITLE = 'Something went wrong';
export const ROUTE_ERROR_TEXT =
  "We're sorry, but there was an error loading this page. Please try refreshing or contact support if the problem persists.";

export function RouteErrorScreen() {
  return (
    <div className="page page--narrow route-error" role="alert">
      <PageMeta title={ROUTE_ERROR_TITLE} />
      <div className="route-error__icon" aria-hidden="true">
        !
      </div>
      <h1>{ROUTE_ERROR_TITLE}</h1>
      <p>{ROUTE_ERROR_TEXT}</p>
      {/* A full load: whatever broke (a stale chunk after a deploy) is fetched afresh. */}
      <Button size="lg" onClick={() => window.location.assign('/')}>
        Return to Home
      </Button>
    </div>
  );
}

interface BoundaryProps {
  /** A new value (the next location) clears the error. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    console.error('Route error', error);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}

/** Shows the route error screen instead of `children` when they throw, until the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary resetKey={key}>{children}</Boundary>;
}
