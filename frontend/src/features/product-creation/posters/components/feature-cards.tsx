// The three feature cards of the poster pages (spec 2 §2).
import { Icon } from '@/components/icon';
import { FEATURE_CARDS } from '../poster-content';

export function FeatureCards() {
  return (
    <ul className="poster-features" aria-label="Why our posters">
      {FEATURE_CARDS.map((card) => (
        <li key={card.title}>
          <Icon name={card.icon} size={26} />
          <strong>{card.title}</strong>
          <span>{card.text}</span>
        </li>
      ))}
    </ul>
  );
}
