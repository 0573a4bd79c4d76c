// Every navigation starts at the top of the page (spec 1 §2), in the shop and in the admin area.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
}
