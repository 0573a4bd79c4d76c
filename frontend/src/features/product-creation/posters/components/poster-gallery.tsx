// The poster image with its badge and how many shoppers have the page open (spec 2 §2; counted:
// api/product-viewers.ts), said only when others than this one are there.
import type { Product } from '@printshop/shared-events/rules/catalog';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { thumbnailOf } from '@/lib/thumbnail';
import { useProductViewers } from '@/features/product-creation/api/product-viewers';

export function PosterGallery({ product }: { product: Product }) {
  const viewers = useProductViewers(product.sku);
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
        // No figure: a placeholder (2) holds its room out of sight, so its arrival moves nothing.
        data-pending={viewers === undefined ? '' : undefined}
      >
        <span aria-hidden="true" className="poster-gallery__dot" /> {viewers ?? 2} people viewing this right
        now
      </figcaption>
    </figure>
  );
}
