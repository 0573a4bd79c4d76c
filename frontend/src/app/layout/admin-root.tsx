// The admin area's outer frame: no shop header, cart or footer (the admin layout brings its own top
// bar and sidebar), but the same session check, scroll to top, route spinner and error screen.
import { Spinner } from '@/components/spinner';
import { useSessionCheck } from '@/lib/session/use-session-check';
import { useNavigationPending } from '@/lib/navigation/history-router';
import { RouteErrorBoundary } from '../route-error';
import { PageSuspense } from '@/components/page-suspense';
import { useScrollToTop } from './use-scroll-to-top';

export function AdminRoot() {
  useSessionCheck();
  useScrollToTop();
  const loading = useNavigationPending();
  return (
    <div className="app app--admin">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {loading && (
        <div className="route-progress">
          <Spinner label="Loading page…" />
        </div>
      )}
      <main id="main" className="app__main" tabIndex={-1} aria-busy={loading || undefined}>
        <RouteErrorBoundary>
          <PageSuspense />
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
