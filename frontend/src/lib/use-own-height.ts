// An element's own height as the CSS variable --own-height on it, kept current as it changes: CSS
// cannot read a box's height, and a sticky column taller than the screen needs it to stick by its
// foot (`top: min(<below the header>, 100dvh - var(--own-height))`), not to hide it.
import { useEffect, useRef } from 'react';

export function useOwnHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // offsetHeight counts padding and border: observe that box, not the content's.
    const observer = new ResizeObserver(() =>
      element.style.setProperty('--own-height', `${element.offsetHeight}px`),
    );
    observer.observe(element, { box: 'border-box' });
    return () => observer.disconnect();
  }, []);
  return ref;
}
