// 'Crop Your Photo' (spec 2 §2, §5): react-easy-crop at the slot's ratio, zoom 1-3 in steps of 0.05,
// Cancel and Apply Crop. Until the cropper reports an area, the largest centred area of the ratio is used.
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area as CropperArea, type Point } from 'react-easy-crop';
import { Button } from '@/components/button';
import { useCanvasKit } from '../imaging/canvas-kit-context';
import { measure } from '../imaging/collage-imaging';
import { centredCrop, type Area } from '../imaging/geometry';
import { CROP_FRAME_PROPS } from '@/lib/crop-frame';
import { useModalFocus } from '@/lib/use-modal-focus';
import { useObjectUrl } from '../use-object-url';

export const ZOOM = { min: 1, max: 3, step: 0.05 } as const;

const clampZoom = (value: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(value * 100) / 100));

/** A mask template's picture and the slot's box on it: the crop frame shows the slot's real shape. */
export interface FrameMask {
  url: string;
  zone: Area;
  size: { width: number; height: number };
}

const pct = (value: number) => `${value * 100}%`;

/**
 * The mask picture scaled so the slot's box fills the crop frame: its black (outside a diamond)
 * darkens the photo by multiplying, its white leaves the photo as it will print.
 */
function FrameMaskOverlay({
  mask,
  frame,
}: {
  mask: FrameMask;
  frame: { width: number; height: number } | null;
}) {
  const { zone, size } = mask;
  return (
    <div
      className="crop-dialog__mask"
      aria-hidden="true"
      data-testid="crop-frame-mask"
      style={frame ? { width: frame.width, height: frame.height } : { visibility: 'hidden' }}
    >
      <img
        src={mask.url}
        alt=""
        style={{
          left: pct(-zone.x / zone.width),
          top: pct(-zone.y / zone.height),
          width: pct(size.width / zone.width),
          height: pct(size.height / zone.height),
        }}
      />
    </div>
  );
}

export interface CropDialogProps {
  file: Blob;
  slotNumber: number;
  aspect: number;
  /** Mask templates (the diamond grid): the slot's shape drawn over the frame. */
  mask?: FrameMask | undefined;
  busy: boolean;
  onCancel(): void;
  onApply(crop: Area): void;
}

export function CropDialog({ file, slotNumber, aspect, mask, busy, onCancel, onApply }: CropDialogProps) {
  const kit = useCanvasKit();
  const url = useObjectUrl(file);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [failed, setFailed] = useState(false);
  const [frame, setFrame] = useState<{ width: number; height: number } | null>(null);
  const reported = useRef(false);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    measure(kit, file)
      .then(({ width, height }) => {
        if (live && !reported.current) setArea(centredCrop(width, height, aspect));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [kit, file, aspect]);

  // The dialog itself takes focus (data-autofocus): arrow keys then move the photo.
  const trapTab = useModalFocus(dialogRef);

  const onCropComplete = (_: CropperArea, pixels: CropperArea) => {
    // Before the photo has a size on screen the cropper reports an empty area: keep the centred one.
    if (!(pixels.width > 0 && pixels.height > 0)) return;
    reported.current = true;
    setArea({ x: pixels.x, y: pixels.y, width: pixels.width, height: pixels.height });
  };

  return (
    <div className="collage-modal" role="presentation">
      <div
        ref={dialogRef}
        className="collage-modal__panel crop-dialog crop-sideways"
        role="dialog"
        aria-modal="true"
        aria-labelledby="crop-dialog-title"
        tabIndex={-1}
        data-autofocus
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !busy) onCancel();
          trapTab(event);
        }}
      >
        <h2 id="crop-dialog-title">Crop Your Photo</h2>
        <p className="crop-dialog__hint">
          Photo for slot {slotNumber}: drag to position it and zoom to fit the frame.
        </p>
        <div className="crop-dialog__stage crop-sideways__stage" data-aspect={aspect}>
          {url && (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              minZoom={ZOOM.min}
              maxZoom={ZOOM.max}
              onCropChange={setCrop}
              onZoomChange={(value) => setZoom(clampZoom(value))}
              onCropComplete={onCropComplete}
              onCropSizeChange={setFrame}
              {...CROP_FRAME_PROPS}
            />
          )}
          {url && mask && <FrameMaskOverlay mask={mask} frame={frame} />}
        </div>
        {failed && (
          <p className="text-error" role="alert">
            This photo could not be read. Please choose another one.
          </p>
        )}
        <div className="crop-dialog__zoom">
          <button
            type="button"
            className="crop-dialog__step"
            aria-label="Zoom out"
            onClick={() => setZoom((z) => clampZoom(z - ZOOM.step))}
            disabled={zoom <= ZOOM.min}
          >
            −
          </button>
          <label htmlFor="crop-zoom">Zoom</label>
          <input
            id="crop-zoom"
            type="range"
            min={ZOOM.min}
            max={ZOOM.max}
            step={ZOOM.step}
            value={zoom}
            onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
          />
          <button
            type="button"
            className="crop-dialog__step"
            aria-label="Zoom in"
            onClick={() => setZoom((z) => clampZoom(z + ZOOM.step))}
            disabled={zoom >= ZOOM.max}
          >
            +
          </button>
          <output htmlFor="crop-zoom">{zoom.toFixed(2)}x</output>
        </div>
        <div className="collage-modal__actions">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => area && onApply(area)} disabled={!area || failed} loading={busy}>
            Apply Crop
          </Button>
        </div>
      </div>
    </div>
  );
}
