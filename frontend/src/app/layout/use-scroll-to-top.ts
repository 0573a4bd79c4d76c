// Every navigation starts at the top of the page (spec 1 §2), in the shop and in the admin area.
// Not the page's first load: the browser has placed it already (at the top, at its #anchor, or where
// a reload left it), and a prerendered page can be scrolled before the app boots; jumping back to
// the top then would throw a phone's visitor off what they were reading.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  const at = `${pathname}${search}`;
  const shown = useRef(at);
  useEffect(() => {
    if (shown.current === at) return;
    shown.current = at;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [at]);
}
