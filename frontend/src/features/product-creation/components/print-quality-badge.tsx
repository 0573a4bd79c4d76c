// The server's verdict on a crop (API.md print {dpi, quality}) with the rule's explanation.
import { PRINT_QUALITY_MESSAGES } from '@printshop/shared-events/rules/print-quality';
import type { UploadItem } from '../upload-list-state';

const LABELS = { good: 'Good quality', fair: 'Fair quality', poor: 'Poor quality' } as const;

export function PrintQualityBadge({ print }: { print: UploadItem['print'] }) {
  if (!print) return null;
  return (
    <p className={`print-quality print-quality--${print.quality}`} data-quality={print.quality}>
      <strong>
        {LABELS[print.quality]} ({print.dpi} DPI)
      </strong>
      <span>{PRINT_QUALITY_MESSAGES[print.quality]}</span>
    </p>
  );
}
