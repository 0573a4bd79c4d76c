// useInView follows the element with an IntersectionObserver (a stand-in here: jsdom has none; the
// real one is exercised by the poster page's phone journey in Chromium).
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInView } from './use-in-view';

class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting: boolean) {
    act(() =>
      this.callback(
        [{ isIntersecting } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
}

function Probe({ target }: { target: string }) {
  const shown = useInView(target, undefined, 120);
  return (
    <>
      <section id="summary">Order Summary</section>
      <p>{shown ? 'shown' : 'not shown'}</p>
    </>
  );
}

beforeEach(() => {
  FakeObserver.last = undefined;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('useInView', () => {
  it('given the element, when it comes on screen and leaves, then the answer follows it, minus the bottom inset', () => {
    const { unmount } = render(<Probe target="summary" />);
    const observer = FakeObserver.last!;
    expect(observer.observed.map((element) => element.id)).toEqual(['summary']);
    expect(observer.options.rootMargin).toBe('0px 0px -120px 0px');
    expect(screen.getByText('not shown')).toBeInTheDocument();
    observer.show(true);
    expect(screen.getByText('shown')).toBeInTheDocument();
    observer.show(false);
    expect(screen.getByText('not shown')).toBeInTheDocument();
    unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('given no element with the id, then not shown and nothing observed', () => {
    render(<Probe target="missing" />);
    expect(screen.getByText('not shown')).toBeInTheDocument();
    expect(FakeObserver.last).toBeUndefined();
  });
});
