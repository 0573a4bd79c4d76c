// The poster image with its badge and a viewer count drawn once between 20 and 49 (spec 2 §2, §9).
import { useState } from 'react';
import type { Product } from '@printshop/shared-events/rules/catalog';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { thumbnailOf } from '@/lib/thumbnail';
import { useHydrated } from '@/lib/use-hydrated';

export const VIEWERS_MIN = 20;
export const VIEWERS_MAX = 49;

export const randomViewers = (random: () => number = Math.random): number =>
  VIEWERS_MIN + Math.floor(random() * (VIEWERS_MAX - VIEWERS_MIN + 1));

export function PosterGallery({ product }: { product: Product }) {
  const [drawn] = useState(() => randomViewers());
  // Drawn in the browser: a prerendered page holds the lowest figure out of sight until it hydrates.
  const hydrated = useHydrated();
  const viewers = hydrated ? drawn : VIEWERS_MIN;
  return (
    <figure className="poster-gallery">
      {product.badge && <span className="poster-gallery__badge">{product.badge}</span>}
      <img
        src={thumbnailOf(product.imageUrl, 1024)}
        alt={shortName(product.name)}
        width={600}
        height={Math.round(600 / product.cropAspectRatio)}
        fetchPriority="high"
      />
      <figcaption
        className="poster-gallery__viewers"
        data-testid="viewer-count"
        data-pending={hydrated ? undefined : ''}
      >
        <span aria-hidden="true" className="poster-gallery__dot" /> {viewers} people viewing this right now
      </figcaption>
    </figure>
  );
}
