// The navigation guard of spec 2 §4: while images are in the list, a route change to another path
// is held and 'Unsaved Changes' asks. Leave clears the images and goes on; Stay resets the block.
import { useEffect, useId, useRef } from 'react';
import { useBlocker } from '@/lib/navigation/use-blocker';
import { useModalFocus } from '@/lib/use-modal-focus';
import './creation-modal.css';

export function UnsavedChangesGuard({ active, onLeave }: { active: boolean; onLeave(): void }) {
  const titleId = useId();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  // A reload or closing the tab gets the browser's own question.
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const dialog = useRef<HTMLDivElement>(null);
  const trapTab = useModalFocus(dialog, blocker.state === 'blocked');

  if (blocker.state !== 'blocked') return null;
  return (
    <div className="creation-modal" role="presentation">
      <div
        ref={dialog}
        className="creation-modal__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={trapTab}
      >
        <h2 id={titleId}>Unsaved Changes</h2>
        <p>Your uploaded photos and crops will be lost if you leave this page.</p>
        <div className="creation-modal__actions">
          <button type="button" className="button button--primary button--md" onClick={() => blocker.reset()}>
            Stay on Page
          </button>
          <button
            type="button"
            className="button button--ghost button--md"
            onClick={() => {
              onLeave();
              blocker.proceed();
            }}
          >
            Leave Page
          </button>
        </div>
      </div>
    </div>
  );
}
