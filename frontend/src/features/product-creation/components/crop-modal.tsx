// The crop tool (spec 2 §2, §5) with react-easy-crop: 'Perfect Fit Crop Tool' for one image, or
// 'Batch Crop (i/n)' with an exit while working through the queue. Zoom 1-3 in steps of 0.1; the crop
// frame has the product's ratio, starting in the photo's orientation and turnable (rules/framing.ts),
// with the print quality of the framed area shown live. Apply hands the crop to the background
// upload queue and the next photo shows at once (Apply waits until its crop area is measured); in a batch, 'Use centred crops for the rest' frames
// every photo left, centred, as one action. Re-crop opens where the last crop was.
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import {
  CROP_ZOOM_MAX,
  CROP_ZOOM_MIN,
  CROP_ZOOM_STEP_PRINT,
  UPLOAD_MESSAGES,
  clampZoom,
  isValidCropArea,
  stepZoom,
  type CropArea,
} from '@printshop/shared-events/rules/uploads';
import { CROP_FRAME_PROPS } from '@/lib/crop-frame';
import { useModalFocus } from '@/lib/use-modal-focus';
import type { PrintSize } from '@printshop/shared-events/rules/catalog';
import {
  canRotateFrame,
  frameAspect,
  productOrientation,
  startOrientation,
  turned,
  type FrameOrientation,
} from '@printshop/shared-events/rules/framing';
import type { BatchState } from '../use-framing';
import type { UploadItem } from '../upload-list-state';
import { FrameControls } from './frame-controls';

export const CROP_TITLE = 'Perfect Fit Crop Tool';
export const CROP_DESCRIPTION = 'Drag to position and use zoom to fit your image within the frame';

export interface CropModalProps {
  item: UploadItem;
  /** The product's cropAspectRatio (width / height); the frame may take it either way round. */
  aspect: number;
  /** False where the frame's orientation is fixed (the frames of a strip). */
  rotatable?: boolean;
  printSize: PrintSize;
  batch: BatchState | null;
  onApply(area: CropArea | null): void;
  onCancel(): void;
  onExitBatch(): void;
  /** Frames this photo and the rest of the batch centred, then ends the batch. */
  onCentreRest?(): void;
}

export function CropModal(props: CropModalProps) {
  const {
    item,
    aspect,
    rotatable = true,
    printSize,
    batch,
    onApply,
    onCancel,
    onExitBatch,
    onCentreRest,
  } = props;
  const titleId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(CROP_ZOOM_MIN);
  const [area, setArea] = useState<CropArea | null>(null);
  // A photo the browser cannot draw is never measured: Apply Crop then tells why it cannot crop.
  const [unreadable, setUnreadable] = useState(false);
  // Measured: react-easy-crop has reported a crop area with a size (not the zeros of an unmeasured photo).
  const ready = area !== null && isValidCropArea(area);
  const dialog = useRef<HTMLDivElement>(null);
  const trapTab = useModalFocus(dialog);
  const turnable = rotatable && canRotateFrame(aspect);
  // A re-crop opens on the photo's crop as applied (its frame, position and zoom).
  const previous = item.cropAreaPixels;
  // The product's own orientation until the photo is measured, then the photo's (or its crop's).
  const [orientation, setOrientation] = useState<FrameOrientation>(
    previous && turnable ? productOrientation(previous.width / previous.height) : productOrientation(aspect),
  );
  const frame = turnable ? frameAspect(aspect, orientation) : aspect;
  const rotate = () => {
    setCrop({ x: 0, y: 0 });
    setOrientation(turned);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  const title = batch ? UPLOAD_MESSAGES.batchCropTitle(batch.index + 1, batch.queue.length) : CROP_TITLE;

  return (
    <div className="crop-modal" role="presentation">
      <div
        ref={dialog}
        className="crop-modal__dialog crop-sideways"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={trapTab}
      >
        <header className="crop-modal__head">
          <h2 id={titleId}>{title}</h2>
          {batch && (
            <button type="button" className="crop-modal__exit" onClick={onExitBatch}>
              Exit Batch Crop
            </button>
          )}
        </header>
        {batch && <p className="crop-modal__subtitle">{CROP_TITLE}</p>}
        <p className="crop-modal__description">{CROP_DESCRIPTION}</p>
        <p className="crop-modal__file">{item.file.name}</p>
        <div
          className="crop-modal__stage crop-sideways__stage"
          data-testid="crop-stage"
          data-crop-ready={ready}
          data-orientation={turnable ? orientation : undefined}
        >
          <Cropper
            image={item.src}
            crop={crop}
            zoom={zoom}
            aspect={frame}
            minZoom={CROP_ZOOM_MIN}
            maxZoom={CROP_ZOOM_MAX}
            onCropChange={setCrop}
            onZoomChange={(next) => setZoom(clampZoom(next))}
            onCropComplete={(_percent: Area, pixels: Area) => setArea(pixels)}
            {...(previous && { initialCroppedAreaPixels: previous })}
            onMediaLoaded={({ naturalWidth, naturalHeight }) => {
              if (turnable && !previous)
                setOrientation(startOrientation({ width: naturalWidth, height: naturalHeight }, aspect));
            }}
            mediaProps={{ alt: `Crop ${item.file.name}`, onError: () => setUnreadable(true) }}
            {...CROP_FRAME_PROPS}
          />
        </div>
        <div className="crop-modal__zoom">
          <button
            type="button"
            aria-label="Zoom out"
            disabled={zoom <= CROP_ZOOM_MIN}
            onClick={() => setZoom((z) => stepZoom(z, -1, CROP_ZOOM_STEP_PRINT))}
          >
            −
          </button>
          <label>
            <span>Zoom</span>
            <input
              type="range"
              min={CROP_ZOOM_MIN}
              max={CROP_ZOOM_MAX}
              step={CROP_ZOOM_STEP_PRINT}
              value={zoom}
              onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
            />
          </label>
          <button
            type="button"
            aria-label="Zoom in"
            disabled={zoom >= CROP_ZOOM_MAX}
            onClick={() => setZoom((z) => stepZoom(z, 1, CROP_ZOOM_STEP_PRINT))}
          >
            +
          </button>
          <output aria-label="Zoom level">{zoom.toFixed(1)}x</output>
        </div>
        <FrameControls
          orientation={orientation}
          onRotate={turnable ? rotate : undefined}
          disabled={false}
          area={area}
          printSize={printSize}
        />
        <footer className="crop-modal__actions">
          {batch && onCentreRest && (
            <button
              type="button"
              className="button button--secondary button--md crop-modal__centre-rest"
              onClick={onCentreRest}
            >
              Use centred crops for the rest ({batch.queue.length - batch.index})
            </button>
          )}
          <button type="button" className="button button--ghost button--md" onClick={onCancel}>
            Cancel
          </button>
          {/* Not before the photo's crop area is measured: the next photo of a batch shows at once,
              and a double click's second press on it would apply no crop at all. */}
          <button
            type="button"
            className="button button--primary button--md"
            disabled={!ready && !unreadable}
            onClick={() => onApply(area)}
          >
            Apply Crop
          </button>
        </footer>
      </div>
    </div>
  );
}
