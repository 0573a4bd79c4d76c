// The route error screen of spec 1 §2, word for word.
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/button';
import { PageMeta } from '../components/page-meta';

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

export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);
  return <RouteErrorScreen />;
}
