// The text panels of a template page (spec 2 §2): How It Works, FAQ, How to Create, Why Customers
// Love Us and the marketing section.
import type { CollageTemplate } from '@printshop/shared-events/rules/collages';
import { Price } from '@/components/price';
import { Arrives } from '@/components/delivery-promise';
import { useShippingClaims } from '@/lib/use-shop-claims';
import { useTrustCopy } from '@/lib/catalog/live-catalog';
import { ratingText, reviewCountText, useShopRating } from '@/lib/reviews/rating-summary';
import { faq, HOW_IT_WORKS, HOW_TO_CREATE, MARKETING, WHY_CUSTOMERS_LOVE_US } from '../collage-copy';

export function HowItWorks() {
  return (
    <ol className="collage-steps">
      {HOW_IT_WORKS.map((step, i) => (
        <li key={step.title}>
          <span className="collage-steps__number" aria-hidden="true">
            {i + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function CollageFaq({ template }: { template: CollageTemplate }) {
  return (
    <div className="collage-faq">
      {faq(template).map((entry) => (
        <details key={entry.question}>
          <summary>{entry.question}</summary>
          <p>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function HowToCreateCard() {
  return (
    <section className="collage-card" aria-labelledby="how-to-create-title">
      <h3 id="how-to-create-title">How to Create</h3>
      <ol className="collage-card__list">
        {HOW_TO_CREATE.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

export function WhyCustomersLoveUsCard() {
  const shipping = useShippingClaims();
  const rating = useShopRating();
  const trust = useTrustCopy();
  // Without approved reviews, the owner's rating line (no number is invented; it may be empty).
  const ratingLine = rating
    ? `Rated ${ratingText(rating)} from ${reviewCountText(rating.totalReviews)}`
    : trust.ratingText;
  return (
    <section className="collage-card" aria-labelledby="why-love-title">
      <h3 id="why-love-title">Why Customers Love Us</h3>
      <ul className="collage-card__list collage-card__list--ticks">
        {WHY_CUSTOMERS_LOVE_US.map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>
          Ships within 24 hours. <Arrives days={shipping.days} />
        </li>
        {shipping.freeShippingOver && (
          <li>
            Free shipping on orders over <Price>{shipping.freeShippingOver}</Price>
          </li>
        )}
        {ratingLine && <li>{ratingLine}</li>}
      </ul>
    </section>
  );
}

export function CollageMarketing({ name }: { name: string }) {
  return (
    <section className="collage-marketing" aria-labelledby="collage-marketing-title">
      <h2 id="collage-marketing-title">Why choose our {name}?</h2>
      <p>{MARKETING.whyChoose}</p>
      <div className="collage-marketing__columns">
        <div>
          <h3>Perfect for every occasion</h3>
          <ul>
            {MARKETING.occasions.map((occasion) => (
              <li key={occasion}>{occasion}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Tips for a great collage</h3>
          <ul>
            {MARKETING.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </div>
      <ul className="collage-marketing__features">
        {MARKETING.features.map((feature) => (
          <li key={feature.title}>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
