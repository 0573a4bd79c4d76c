// Where photos come in: a file picker for many files at once and a drop zone (spec 2 §2, §5). The
// picker suggests image types; anything else dropped or chosen is counted and turned away upstream.
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { IMAGE_ACCEPT_ATTRIBUTE, UPLOAD_BATCH_HINT } from '@printshop/shared-events/rules/uploads';
import { Icon } from '@/components/icon';

export interface UploadAreaProps {
  onFiles(files: File[]): void;
  disabled?: boolean;
  /** 'photos' or e.g. 'strip photos', for the heading. */
  label?: string;
}

export function UploadArea({ onFiles, disabled, label = 'Upload Your Photos' }: UploadAreaProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  // The picker is in the prerendered page, so on a slow phone photos can be chosen before the app
  // boots; their change event went to no one. Taken here once it has: choosing the same photos
  // again would not even fire a change, the input still holding them.
  const onFilesAtMount = useRef(onFiles);
  useEffect(() => {
    const picker = input.current;
    const files = Array.from(picker?.files ?? []);
    if (!picker || files.length === 0 || picker.disabled) return;
    picker.value = '';
    onFilesAtMount.current(files);
  }, []);

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={`upload-area${over ? ' upload-area--over' : ''}`}
      id="upload-area"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="upload-area"
    >
      <Icon name="upload" size={34} />
      <label htmlFor={inputId} className="upload-area__label">
        <strong>{label}</strong>
        <span className="on-pointer">Drag and drop here, or click to choose files</span>
        <span className="on-touch">Tap to choose photos</span>
      </label>
      <input
        ref={input}
        id={inputId}
        className="upload-area__input"
        type="file"
        multiple
        accept={IMAGE_ACCEPT_ATTRIBUTE}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same files again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <p className="upload-area__hint">{UPLOAD_BATCH_HINT} · PNG, JPEG, WebP or HEIC</p>
    </div>
  );
}
