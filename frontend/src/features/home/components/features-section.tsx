// "Why choose us": four features (spec 1 §1, §3 Feature: id, icon, title, description).
import type { Ref } from 'react';
import { Icon, type IconName } from '@/components/icon';

export const FEATURES = [
  {
    id: 'quality',
    icon: 'sparkle',
    title: 'Premium Quality',
    description: 'Archival photo paper and rich, true-to-life colour on every print.',
  },
  {
    id: 'shipping',
    icon: 'truck',
    title: 'Fast Shipping',
    description: 'Printed within 48 hours and tracked to your door, worldwide.',
  },
  {
    id: 'upload',
    icon: 'upload',
    title: 'Easy Upload',
    description: 'Upload from your phone, crop in seconds and preview before you buy.',
  },
  {
    id: 'bulk',
    icon: 'gift',
    title: 'Bulk Discounts',
    description: 'The more you print, the less you pay: savings apply automatically.',
  },
] as const satisfies readonly { id: string; icon: IconName; title: string; description: string }[];

export function FeaturesSection({ ref }: { ref?: Ref<HTMLElement> }) {
  return (
    <section
      ref={ref}
      id="features"
      className="home-section features"
      aria-labelledby="features-heading"
      tabIndex={-1}
    >
      <h2 id="features-heading" className="home-section__heading">
        Why choose us
      </h2>
      <ul className="features__list">
        {FEATURES.map((f) => (
          <li key={f.id} className="features__item">
            <span className="features__icon">
              <Icon name={f.icon} size={26} />
            </span>
            <h3>{f.title}</h3>
            <p>{f.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
