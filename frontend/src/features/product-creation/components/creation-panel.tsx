// The upload-and-crop workflow as one column: upload area, messages, crop guide, uploads list,
// order summary, and the crop and quality dialogs. Pages place it and add their own surroundings.
import type { ReactNode } from 'react';
import { photoPrintSize } from '@printshop/shared-events/rules/print-quality';
import type { ProductCreation } from '../use-product-creation';
import { CropGuide } from './crop-guide';
import { CropModal } from './crop-modal';
import { ErrorBanner } from './messages';
import { OrderSummary } from './order-summary';
import { PoorQualityDialog } from './poor-quality-dialog';
import { UploadArea } from './upload-area';
import { UploadsList } from './uploads-list';
import './product-creation.css';

export interface CreationPanelProps {
  creation: ProductCreation;
  /** e.g. 'A4 (210 x 297 mm)': the crop frame, for the guide. */
  aspectLabel: string;
  /** Between the upload area and the list (posters put nothing; others may). */
  children?: ReactNode;
}

export function CreationPanel({ creation, aspectLabel, children }: CreationPanelProps) {
  const { activeItem } = creation;
  return (
    <div className="creation-panel">
      <UploadArea
        onFiles={(files) => void creation.chooseFiles(files)}
        disabled={creation.adding}
        label={creation.slots > 1 ? `Upload Your Photos (${creation.slots} per strip)` : 'Upload Your Photos'}
      />
      <ErrorBanner message={creation.error} onDismiss={creation.dismissError} />
      {children}
      {!creation.cropOpened && creation.items.length > 0 && <CropGuide aspectLabel={aspectLabel} />}
      <UploadsList creation={creation} />
      <OrderSummary creation={creation} />
      {activeItem && (
        <CropModal
          // A new image starts afresh: centred, zoom 1, no crop area yet.
          key={activeItem.id}
          item={activeItem}
          aspect={creation.product.cropAspectRatio}
          // A strip's frames are composed side by side in one orientation.
          rotatable={creation.slots === 1}
          printSize={photoPrintSize(creation.product)}
          batch={creation.batch}
          onApply={(area) => void creation.applyCrop(area)}
          onCancel={creation.cancelCrop}
          onExitBatch={creation.exitBatch}
          onCentreRest={creation.centreRest}
        />
      )}
      <PoorQualityDialog
        count={creation.pendingPoor}
        onConfirm={creation.confirmPoor}
        onCancel={creation.cancelPoor}
      />
    </div>
  );
}
