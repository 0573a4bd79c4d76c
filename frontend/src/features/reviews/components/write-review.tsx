// "Write a review" for one line of a paid order (account order page): a 1-5 rating, text and up to
// 3 photos, uploaded first through POST /api/images/single; the server checks the order and photos.
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { okSchema } from '@printshop/shared-events/api/common';
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from '@printshop/shared-events/api/reviews';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, TextareaField } from '@/components/field';
import { api } from '@/lib/api-client';
import { serverMessageOr } from '@/lib/server-message';
import { useSubmitReview } from '../api/my-reviews';

export const WRITE_REVIEW_MESSAGES = {
  failed: 'Your review could not be sent. Please try again.',
  sent: 'Thank you! Your review will appear once it is approved.',
  tooManyPhotos: REVIEW_MESSAGES.photos,
} as const;

const uploadSchema = okSchema.extend({ image: z.object({ id: z.string().min(1) }) });

async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file, file.name);
  return (await api.post('/images/single', { schema: uploadSchema, body })).image.id;
}

export function WriteReview(props: {
  orderId: string;
  lineId: string;
  productName: string;
  onDone(): void;
  onCancel(): void;
}) {
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const submit = useSubmitReview();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (rating < 1) return setError(REVIEW_MESSAGES.rating);
    if (!content.trim()) return setError(REVIEW_MESSAGES.content);
    try {
      setUploading(true);
      const imageIds = await Promise.all(files.map(uploadPhoto));
      setUploading(false);
      await submit.mutateAsync({ rating, content, orderId: props.orderId, lineId: props.lineId, imageIds });
      props.onDone();
    } catch (failure) {
      setUploading(false);
      setError(serverMessageOr(failure, WRITE_REVIEW_MESSAGES.failed));
    }
  };

  return (
    <form
      className="write-review"
      aria-label={`Review of ${props.productName}`}
      onSubmit={onSubmit}
      noValidate
    >
      <fieldset className="write-review__rating">
        <legend className="field__label">Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            {n} ★
          </label>
        ))}
      </fieldset>
      <TextareaField
        label="Your review"
        value={content}
        maxLength={2000}
        rows={4}
        onChange={(e) => setContent(e.target.value)}
      />
      <Field
        label={`Photos (up to ${MAX_REVIEW_PHOTOS})`}
        type="file"
        accept="image/*"
        multiple
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          setError(chosen.length > MAX_REVIEW_PHOTOS ? WRITE_REVIEW_MESSAGES.tooManyPhotos : null);
          setFiles(chosen.slice(0, MAX_REVIEW_PHOTOS));
        }}
      />
      {error && <Alert>{error}</Alert>}
      <div className="write-review__actions">
        <Button type="submit" disabled={uploading || submit.isPending}>
          {uploading ? 'Uploading photos…' : submit.isPending ? 'Sending…' : 'Send review'}
        </Button>
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
