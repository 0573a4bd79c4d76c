// A review's photos as small thumbnails (the ?w= resized copies), each opening the full photo.
import type { ReviewPhoto } from '@printshop/shared-events/api/reviews';

export function ReviewPhotos({ photos, author }: { photos: readonly ReviewPhoto[]; author: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="review__photos" aria-label="Review photos">
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer">
            <img
              src={photo.thumbnailUrl}
              alt={`Photo ${i + 1} from ${author}'s review`}
              width={96}
              height={96}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
