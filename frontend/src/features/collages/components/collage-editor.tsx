// The editor of a template page (spec 2 §2 "Create tab", §4 "Collage editor"): the template picture
// with a clickable zone per slot, 'N of M photos added', Preview, Add to Cart and 'Save & Create
// Another'. An empty zone opens the file chooser, then the crop dialog; a filled zone does not reopen.
// A HEIC photo is converted by the server first, the zone saying so (slot-photo.ts).
import { useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { zoneAspectRatio, type CollageTemplate } from '@printshop/shared-events/rules/collages';
import { IMAGE_ACCEPT_ATTRIBUTE } from '@printshop/shared-events/rules/uploads';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { showToast } from '../show-toast';
import { convertHeic, judgeSlotPhoto } from '../slot-photo';
import type { CollageBuilder } from '../use-collage-builder';
import { useObjectUrl } from '../use-object-url';
import { useShapeMasks } from '../use-shape-masks';
import type { DetectedZone } from '../zones/detect-zones';
import { removeAnchor, slotAt } from '../zones/slot-shapes';
import { CropDialog } from './crop-dialog';
import { PreviewDialog } from './preview-dialog';

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

function zoneStyle(zone: DetectedZone, size: { width: number; height: number }): CSSProperties {
  return {
    left: percent(zone.x, size.width),
    top: percent(zone.y, size.height),
    width: percent(zone.width, size.width),
    height: percent(zone.height, size.height),
  };
}

/** The slot's own shape as a CSS mask over its box (a diamond's box takes in its neighbours' corners). */
const shapeMask = (url: string | undefined): CSSProperties =>
  url
    ? ({
        maskImage: `url(${url})`,
        maskSize: '100% 100%',
        WebkitMaskImage: `url(${url})`,
        WebkitMaskSize: '100% 100%',
      } as CSSProperties)
    : {};

function ZonePhoto({ blob, slot, style }: { blob: Blob; slot: number; style: CSSProperties }) {
  const url = useObjectUrl(blob);
  return url ? (
    <img className="collage-zone__photo" src={url} alt={`Photo in slot ${slot}`} style={style} />
  ) : null;
}

export function CollageEditor({ template, builder }: { template: CollageTemplate; builder: CollageBuilder }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingZone = useRef<number | null>(null);
  // The picture to crop: the chosen file, or the server's JPEG of a HEIC one with its stored id.
  const [cropping, setCropping] = useState<{ zone: number; file: Blob; imageId?: string } | null>(null);
  /** The zone whose HEIC photo the server is converting. */
  const [converting, setConverting] = useState<number | null>(null);
  const alive = useRef(true);
  const [previewBlob, setPreviewBlob] = useState<Blob | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { zones, sourceSize, shapes, photos, filled, complete, busy, loading } = builder;
  const total = zones.length;
  const masks = useShapeMasks(shapes);
  const canvasRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const openZone = (zone: DetectedZone) => {
    // A zone that already holds a photo is not reopened (spec 2 §4).
    if (photos.has(zone.id) || busy || converting !== null) return;
    pendingZone.current = zone.id;
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.click();
    }
  };

  /**
   * A click goes to the slot drawn under the pointer: slots' boxes overlap where their shapes do
   * not (a diamond grid), and the box on top is not always the slot the shopper sees there. A key
   * press (no pointer) is the focused slot's.
   */
  const pickZone = (zone: DetectedZone, event: MouseEvent) => {
    const canvas = canvasRef.current;
    if (event.detail === 0 || shapes.size === 0 || !canvas || !sourceSize) return openZone(zone);
    const box = canvas.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return openZone(zone);
    const id = slotAt(
      shapes,
      ((event.clientX - box.left) / box.width) * sourceSize.width,
      ((event.clientY - box.top) / box.height) * sourceSize.height,
    );
    const under = zones.find((z) => z.id === id);
    if (under) openZone(under);
  };

  const removeStyle = (id: number): CSSProperties | undefined => {
    const shape = shapes.get(id);
    if (!shape) return undefined;
    const anchor = removeAnchor(shape);
    return {
      left: `calc(${anchor.x * 100}% - 4px)`,
      top: `calc(${anchor.y * 100}% + 4px)`,
      right: 'auto',
      transform: 'translateX(-100%)',
    };
  };

  /** Judged by its first bytes and size (spec 2 §5); HEIC is converted by the server before the crop. */
  const onFileChosen = async (files: FileList | null) => {
    const zone = pendingZone.current;
    pendingZone.current = null;
    const file = files?.[0];
    if (zone === null || !file) return;
    const verdict = await judgeSlotPhoto(file);
    if (!alive.current) return;
    if (!verdict.ok) {
      window.alert(verdict.message);
      return;
    }
    if (!verdict.heic) {
      setCropping({ zone, file });
      return;
    }
    setConverting(zone);
    try {
      const { picture, imageId } = await convertHeic(file);
      if (alive.current) setCropping({ zone, file: picture, imageId });
    } catch (error) {
      console.warn('A HEIC photo could not be converted', error);
      if (alive.current) showToast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      if (alive.current) setConverting(null);
    }
  };

  const showPreview = async () => {
    setPreviewing(true);
    try {
      setPreviewBlob(await builder.preview());
    } catch (error) {
      console.warn('Preview failed', error);
    } finally {
      setPreviewing(false);
    }
  };

  const frameMaskOf = (id: number) => {
    const zone = zones.find((z) => z.id === id);
    return template.builder === 'mask' && template.maskPath && zone && sourceSize
      ? { url: template.maskPath, zone, size: sourceSize }
      : undefined;
  };

  const maskLayer: CSSProperties | undefined =
    template.builder === 'mask' && template.maskPath
      ? ({
          maskImage: `url(${template.maskPath})`,
          maskSize: '100% 100%',
          maskMode: 'luminance',
          WebkitMaskImage: `url(${template.maskPath})`,
          WebkitMaskSize: '100% 100%',
        } as CSSProperties)
      : undefined;

  return (
    <section className="collage-editor" aria-labelledby="collage-editor-title">
      <h2 id="collage-editor-title">Create your collage</h2>
      <p className="collage-editor__hint">
        <span className="on-pointer">Click</span>
        <span className="on-touch">Tap</span> a numbered slot to add a photo. Fill all slots to order.
      </p>
      <div className="collage-editor__canvas" data-testid="collage-canvas" ref={canvasRef}>
        <img
          className="collage-editor__template"
          src={template.templatePath}
          alt={`${template.name} template`}
          width={sourceSize?.width}
          height={sourceSize?.height}
        />
        {loading || !sourceSize ? (
          <div className="collage-editor__loading" role="status">
            <Spinner />
            <span>Analysing the template…</span>
          </div>
        ) : (
          <>
            <div className="collage-editor__photos" style={maskLayer}>
              {zones.map((zone) => {
                const photo = photos.get(zone.id);
                return photo ? (
                  <ZonePhoto
                    key={zone.id}
                    blob={photo.preview}
                    slot={zone.id}
                    style={{ ...zoneStyle(zone, sourceSize), ...shapeMask(masks.get(zone.id)) }}
                  />
                ) : null;
              })}
            </div>
            {zones.map((zone) =>
              converting === zone.id ? (
                <div
                  key={zone.id}
                  className={`collage-zone collage-zone--empty collage-zone--converting${masks.has(zone.id) ? ' collage-zone--shaped' : ''}`}
                  style={{ ...zoneStyle(zone, sourceSize), ...shapeMask(masks.get(zone.id)) }}
                  data-testid={`zone-${zone.id}`}
                  aria-busy="true"
                >
                  <span className="collage-zone__converting" role="status">
                    Converting HEIC…
                  </span>
                </div>
              ) : photos.has(zone.id) ? (
                <div
                  key={zone.id}
                  className="collage-zone collage-zone--filled"
                  style={zoneStyle(zone, sourceSize)}
                  data-testid={`zone-${zone.id}`}
                  onClick={(event) => pickZone(zone, event)}
                >
                  <button
                    type="button"
                    className="collage-zone__remove"
                    style={removeStyle(zone.id)}
                    aria-label={`Remove the photo from slot ${zone.id}`}
                    disabled={busy !== null}
                    onClick={(event) => {
                      event.stopPropagation();
                      builder.removePhoto(zone.id);
                    }}
                  >
                    ×
                  </button>
                </div>
              ) : (
                <button
                  key={zone.id}
                  type="button"
                  className={`collage-zone collage-zone--empty${masks.has(zone.id) ? ' collage-zone--shaped' : ''}`}
                  style={{ ...zoneStyle(zone, sourceSize), ...shapeMask(masks.get(zone.id)) }}
                  aria-label={`Add a photo to slot ${zone.id}`}
                  data-testid={`zone-${zone.id}`}
                  onClick={(event) => pickZone(zone, event)}
                >
                  <span aria-hidden="true">+</span>
                </button>
              ),
            )}
          </>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT_ATTRIBUTE}
        className="visually-hidden"
        aria-label="Choose a photo for the slot"
        tabIndex={-1}
        onChange={(event) => void onFileChosen(event.target.files)}
      />

      <div className="collage-progress">
        <div
          className="collage-progress__bar"
          role="progressbar"
          aria-label="Photos added"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={filled}
        >
          <span style={{ width: total ? percent(filled, total) : 0 }} />
        </div>
        <p>
          {filled} of {total} photos added
        </p>
      </div>

      <div className="collage-editor__actions">
        <Button
          variant="secondary"
          onClick={showPreview}
          disabled={loading || busy !== null}
          loading={previewing}
        >
          Preview
        </Button>
        <Button onClick={builder.addToCart} disabled={!complete || busy !== null} loading={busy === 'add'}>
          {busy === 'add' ? 'Adding to Cart...' : 'Add to Cart'}
        </Button>
        <Button
          variant="ghost"
          onClick={builder.saveAndCreateAnother}
          disabled={!complete || busy !== null}
          loading={busy === 'save'}
        >
          Save &amp; Create Another
        </Button>
      </div>

      {cropping && (
        <CropDialog
          file={cropping.file}
          slotNumber={cropping.zone}
          aspect={zoneAspectRatio(template, cropping.zone)}
          mask={frameMaskOf(cropping.zone)}
          busy={busy === 'crop'}
          onCancel={() => setCropping(null)}
          onApply={(crop) => {
            const { zone, file, imageId } = cropping;
            void builder.setPhoto(zone, file, crop, imageId).then(() => setCropping(null));
          }}
        />
      )}
      {previewBlob && (
        <PreviewDialog
          blob={previewBlob}
          watermarked={template.builder === 'mask'}
          onClose={() => setPreviewBlob(null)}
        />
      )}
    </section>
  );
}
