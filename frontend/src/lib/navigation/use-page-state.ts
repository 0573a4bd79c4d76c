// State that belongs to the page it was set on (an open menu, search field or panel): on another
// page it is `initial` again. It is adjusted while rendering, not reset by an effect: an effect that
// closed a menu on mount also closed one a tap had just opened, when React answered the tap after
// hydrating a prerendered page but before running its effects (on a slow phone the menu flashed
// open and shut).
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';

export function usePageState<T>(
  initial: T,
  { withQuery = false }: { withQuery?: boolean } = {},
): [T, Dispatch<SetStateAction<T>>] {
  const { pathname, search } = useLocation();
  const page = withQuery ? pathname + search : pathname;
  const [value, setValue] = useState(initial);
  const [setOn, setSetOn] = useState(page);
  if (setOn !== page) {
    // React renders again at once with these, before anything is shown.
    setSetOn(page);
    setValue(initial);
  }
  return [value, setValue];
}
