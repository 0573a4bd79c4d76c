// Whether the element with `id` shows on screen now (any part of it, above `bottomInsetPx` of
// fixed bars at the bottom), followed by an IntersectionObserver. False while the element is absent,
// and wherever IntersectionObserver is missing. `watchKey` changes when the element may have come or
// gone (the id alone does not tell), so it is looked up again.
import { useEffect, useState } from 'react';

export function useInView(id: string, watchKey: unknown = undefined, bottomInsetPx = 0): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(false);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => setInView(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: `0px 0px -${bottomInsetPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, watchKey, bottomInsetPx]);
  return inView;
}
