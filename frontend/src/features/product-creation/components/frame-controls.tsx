// Under the crop frame: its orientation with a Rotate frame button (rectangular products only), and
// the print quality of the framed area, recomputed with the shared rule as the shopper zooms.
import type { PrintSize } from '@printshop/shared-events/rules/catalog';
import type { FrameOrientation } from '@printshop/shared-events/rules/framing';
import { assessPrint } from '@printshop/shared-events/rules/print-quality';
import type { CropArea } from '@printshop/shared-events/rules/uploads';
import { PrintQualityBadge } from './print-quality-badge';

export interface FrameControlsProps {
  orientation: FrameOrientation;
  /** Undefined when the frame cannot turn (squares, strip frames). */
  onRotate?: () => void;
  disabled: boolean;
  area: CropArea | null;
  printSize: PrintSize;
}

const LABEL: Record<FrameOrientation, string> = { landscape: 'Landscape', portrait: 'Portrait' };

export function FrameControls({ orientation, onRotate, disabled, area, printSize }: FrameControlsProps) {
  const print = area && area.width > 0 && area.height > 0 ? assessPrint(area, printSize) : null;
  return (
    <div className="frame-controls">
      {onRotate && (
        <div className="frame-controls__orientation">
          <output aria-label="Frame orientation">{LABEL[orientation]} frame</output>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={onRotate}
            disabled={disabled}
          >
            Rotate frame
          </button>
        </div>
      )}
      <div aria-live="polite" data-testid="live-print-quality">
        <PrintQualityBadge print={print} />
      </div>
    </div>
  );
}
