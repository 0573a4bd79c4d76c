// The main layout of spec 1 §2: header, page, footer; scroll to top on every navigation; a
// spinner while the next page loads. App-wide effects start here: the session check (and
// following another tab's sign-in or sign-out), country and currency detection (and following
// another tab's choice of currency or country; a signed-in customer's default address's country), reloading the cart when the currency changes or
// another tab changes the cart, and showing the prices a prerendered page hid until the saved
// currency applies (lib/currency/price-guard.ts).
import { Outlet } from 'react-router';
import { Spinner } from '@/components/spinner';
import {
  useCartRefreshOnChangesElsewhere,
  useCartRefreshOnCurrencyChange,
} from '@/features/cart/use-cart-count';
import { AutoDetectNotice } from '@/features/currency/components/auto-detect-notice';
import { SessionEndedNotice } from '@/features/session/components/session-ended-notice';
import { useCurrencyDetection } from '@/features/currency/use-currency-detection';
import { useRevealPrices } from '@/lib/currency/price-guard';
import { useCurrencyFromOtherTabs } from '@/lib/currency/use-currency-from-other-tabs';
import { useSessionCheck } from '@/lib/session/use-session-check';
import { useSessionFromOtherTabs } from '@/lib/session/use-session-from-other-tabs';
import { useNavigationPending } from '@/lib/navigation/history-router';
import { RouteErrorBoundary } from '../route-error';
import { Footer } from './footer';
import { Header } from './header';
import { useScrollToTop } from './use-scroll-to-top';
import { useAccountShipTo } from './use-account-ship-to';

export function RootLayout() {
  useSessionCheck();
  useSessionFromOtherTabs();
  useCurrencyDetection();
  useCurrencyFromOtherTabs();
  useAccountShipTo();
  useCartRefreshOnCurrencyChange();
  useCartRefreshOnChangesElsewhere();
  // The saved currency is on the page: prices hidden by the prerendered page's script show again.
  useRevealPrices();
  useScrollToTop();
  const loading = useNavigationPending();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      {loading && (
        <div className="route-progress">
          <Spinner label="Loading page…" />
        </div>
      )}
      <main id="main" className="app__main" tabIndex={-1} aria-busy={loading || undefined}>
        <SessionEndedNotice />
        {/* Errors of a page show inside the header and footer. */}
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer />
      <AutoDetectNotice />
    </div>
  );
}
