// The React app's entry point (layout of DESIGN.md: src/app, src/features/*, src/components, src/lib).
// A prerendered page (build-plugins/prerender.ts) arrives with its HTML in #root: its route's code
// is loaded first, then React hydrates that HTML. Other paths get the empty shell and render.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory } from 'react-router';
import { App } from './app/app';
import { preloadRoute } from './app/preload-route';
import { routes } from './app/router';
import { stopEarlyTaps } from './lib/early-taps';
import { declareFlagFontWhenIdle } from './lib/flag-font';
import { createAppHistory } from './lib/navigation/app-history';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const history = createAppHistory(UNSAFE_createBrowserHistory());
const app = (
  <StrictMode>
    <App history={history} />
  </StrictMode>
);
if (root.firstElementChild) {
  // A failed chunk fetch is not fatal here: the page then loads its code while hydrating.
  void preloadRoute(routes, history.location.pathname)
    .catch(() => undefined)
    .then(() => {
      // React answers taps from here on (and plays those it sees during hydration itself).
      stopEarlyTaps();
      hydrateRoot(root, app);
    });
} else {
  createRoot(root).render(app);
}
declareFlagFontWhenIdle();
