// A payment step shows the cart its checkout froze, in the currency it charges, beside a pay button
// for that amount: what another tab of the shop changes meanwhile (the cart, the currency, the
// country to ship to) waits until the step is left (paid, details edited, page closed), then applies.
let holds = 0;
/** The latest change waiting of each kind ('cart', 'currency'), in the order they first came. */
const waiting = new Map<string, () => void>();

/** Applies another tab's change of kind `what` now, or, while a payment step holds, once it lets go. */
export function applyUnlessHeld(what: string, apply: () => void): void {
  if (holds === 0) apply();
  else waiting.set(what, apply);
}

/** Keeps this tab as it is until the returned release; a change missed meanwhile then applies. */
export function holdChangesFromElsewhere(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds > 0) return;
    const missed = [...waiting.values()];
    waiting.clear();
    for (const apply of missed) apply();
  };
}
