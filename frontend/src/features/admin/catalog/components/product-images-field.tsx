// The product's pictures in the admin's editor: the main one first, each with a small preview. A new
// picture goes through the shop's upload (POST /api/images/single: the server sniffs the type and
// keeps the size limit) and joins the list as /images/<id>; nothing changes for shoppers until Save.
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/button';
import { serverMessageOr } from '@/lib/server-message';
import { thumbnailOf } from '@/lib/thumbnail';
import { uploadSingleImage } from '@/lib/upload-single-image';
import './product-images-field.css';

export const MAX_PRODUCT_PICTURES = 8;

export const PRODUCT_IMAGES_MESSAGES = {
  uploadFailed: 'Could not upload the picture.',
  full: `A product has at most ${MAX_PRODUCT_PICTURES} pictures.`,
  hint: 'The first picture is the one shown in lists and first on the product page.',
} as const;

export function ProductImagesField({
  name,
  images,
  onChange,
}: {
  name: string;
  images: readonly string[];
  onChange(images: string[]): void;
}) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const full = images.length >= MAX_PRODUCT_PICTURES;

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    setUploading(true);
    try {
      const id = await uploadSingleImage(file, file.name);
      if (!id) throw new Error(PRODUCT_IMAGES_MESSAGES.uploadFailed);
      onChange([...images, `/images/${id}`]);
    } catch (failure) {
      setError(serverMessageOr(failure, PRODUCT_IMAGES_MESSAGES.uploadFailed));
    } finally {
      setUploading(false);
    }
  };
  const move = (from: number) => onChange([images[from]!, ...images.filter((_, i) => i !== from)]);
  const remove = (at: number) => onChange(images.filter((_, i) => i !== at));

  return (
    <fieldset className="admin-images">
      <legend>Pictures</legend>
      <p className="field__hint">{PRODUCT_IMAGES_MESSAGES.hint}</p>
      <ol className="admin-images__list" aria-label={`Pictures of ${name}`}>
        {images.map((url, index) => (
          <li key={url} className="admin-images__item">
            <img src={thumbnailOf(url, 128)} alt={`${name}, picture ${index + 1}`} width={96} height={96} />
            <span className="admin-images__label">
              {index === 0 ? 'Main picture' : `Picture ${index + 1}`}
            </span>
            <span className="admin-actions">
              {index > 0 && (
                <Button size="sm" variant="ghost" onClick={() => move(index)}>
                  Make main<span className="visually-hidden"> (picture {index + 1})</span>
                </Button>
              )}
              {images.length > 1 && (
                <Button size="sm" variant="ghost" onClick={() => remove(index)}>
                  Remove<span className="visually-hidden"> picture {index + 1}</span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ol>
      {full ? (
        <p className="field__hint">{PRODUCT_IMAGES_MESSAGES.full}</p>
      ) : (
        <p>
          <label htmlFor={inputId} className="admin-images__add">
            {uploading ? 'Uploading…' : 'Add a picture'}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            disabled={uploading}
            onChange={(event) => void add(event)}
          />
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
