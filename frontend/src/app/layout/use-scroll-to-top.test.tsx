// Navigations start at the top; the page's first load keeps where the browser (or the visitor,
// scrolling a prerendered page before the app booted) put it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { useScrollToTop } from './use-scroll-to-top';

function Page() {
  useScrollToTop();
  return <p>page</p>;
}

describe('useScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('given a page that just loaded, when the app mounts, then the scroll position is left alone', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp(<Page />, { path: '/prints' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('given the app is up, when the visitor goes to another page or query, then it starts at the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { navigate } = renderApp(<Page />, { path: '/prints' });
    navigate('/product/4x6-photo-prints');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    navigate('/product/4x6-photo-prints?size=large');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('given the same page again (a hash, or a state change), then it does not move', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { navigate } = renderApp(<Page />, { path: '/prints' });
    navigate('/prints#top-sellers');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
