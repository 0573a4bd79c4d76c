// 'Saved Collages (n)' with a remove per collage and 'Add All n Collages to Cart' (spec 2 §2, §4).
import { Button } from '@/components/button';
import { collageSize } from '@printshop/shared-events/rules/collages';
import type { SavedCollage } from '../saved/saved-collages-store';
import type { CollageBuilder } from '../use-collage-builder';
import { useObjectUrl } from '../use-object-url';

function SavedCard({
  collage,
  index,
  onRemove,
  disabled,
}: {
  collage: SavedCollage;
  index: number;
  onRemove(): void;
  disabled: boolean;
}) {
  const url = useObjectUrl(collage.preview);
  const size = collageSize(collage.size);
  return (
    <li className="saved-collage">
      {url && <img src={url} alt={`Saved collage ${index + 1}`} />}
      <p>
        {size.name} ({size.dimensions}) · Qty {collage.quantity}
      </p>
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove saved collage ${index + 1}`}
      >
        Remove
      </Button>
    </li>
  );
}

export function SavedCollages({ builder }: { builder: CollageBuilder }) {
  const { saved, busy } = builder;
  if (saved.length === 0) return null;
  return (
    <section className="saved-collages" aria-labelledby="saved-collages-title">
      <h3 id="saved-collages-title">Saved Collages ({saved.length})</h3>
      <ul>
        {saved.map((collage, index) => (
          <SavedCard
            key={collage.id}
            collage={collage}
            index={index}
            disabled={busy !== null}
            onRemove={() => void builder.removeSaved(collage.id)}
          />
        ))}
      </ul>
      <Button onClick={builder.addAllToCart} disabled={busy !== null} loading={busy === 'add-all'}>
        {busy === 'add-all' ? 'Adding All to Cart...' : `Add All ${saved.length} Collages to Cart`}
      </Button>
    </section>
  );
}
