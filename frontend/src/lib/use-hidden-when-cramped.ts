// Text that is shown whole, or cut short with a readable part left ("Christo…"), or not at all:
// while the room left for it is less than its whole width and less than `minEm` ems (it would read
// "C…"), it carries `data-cut` and CSS hides it from sight (screen readers still read it).
// Measured before the first paint, then again when its row changes size (the window), when its own
// box does (a neighbour grew: a cart badge, a flag) and when a font arrives.
import { useLayoutEffect, useRef } from 'react';

/** `text`: what the element shows (measured again when it changes; none while it is not rendered). */
export function useHiddenWhenCramped<T extends HTMLElement>(
  rowSelector: string,
  text: string | undefined,
  minEm: number,
) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      // Shown for the measure: the layout it gets is the room it would have.
      element.removeAttribute('data-cut');
      const style = getComputedStyle(element);
      // Its own max-width may cut a long text too: that much room is never too little.
      const cap = Math.floor(parseFloat(style.maxWidth));
      const whole = Number.isNaN(cap) ? element.scrollWidth : Math.min(element.scrollWidth, cap);
      const enough = Math.min(whole, minEm * parseFloat(style.fontSize));
      if (element.clientWidth < enough) element.setAttribute('data-cut', '');
    };
    measure();
    // Later measures wait for the next frame: a size changed inside a ResizeObserver callback is an
    // error ("loop completed with undelivered notifications") when it is the observed box's own.
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    const observer = new ResizeObserver(later);
    observer.observe(element.closest(rowSelector) ?? document.documentElement);
    if (element.parentElement) observer.observe(element.parentElement);
    document.fonts?.addEventListener('loadingdone', later);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      document.fonts?.removeEventListener('loadingdone', later);
    };
  }, [rowSelector, text, minEm]);
  return ref;
}
