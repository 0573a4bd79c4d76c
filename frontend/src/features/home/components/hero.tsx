// The home hero: the headline about turning memories into prints (spec 1 §1). The rating fact comes
// from the approved reviews and is left out until there are any.
import { ButtonLink } from '@/components/button';
import { reviewCountText, useShopRating } from '@/lib/reviews/rating-summary';

export function Hero({ onLearnMore }: { onLearnMore: () => void }) {
  const rating = useShopRating();
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="hero__text">
        <p className="hero__eyebrow">Photo prints · Film strips · Posters · Collages</p>
        <h1 id="hero-heading" className="hero__heading">
          Turn your memories into <em>beautiful prints</em>
        </h1>
        <p className="hero__lead">
          Retro polaroid-style prints, film strips, posters and collages made from the photos on your phone,
          printed on premium paper and delivered across India and to 41 countries.
        </p>
        <div className="hero__actions">
          <ButtonLink to="/prints" size="lg">
            Shop Now
          </ButtonLink>
          <button type="button" className="button button--secondary button--lg" onClick={onLearnMore}>
            Learn More
          </button>
        </div>
        <ul className="hero__facts">
          {rating && (
            <li>
              <strong>{rating.averageRating.toFixed(1)}★</strong> from {reviewCountText(rating.totalReviews)}
            </li>
          )}
          <li>
            <strong>41</strong> countries
          </li>
          <li>
            <strong>48 h</strong> printing
          </li>
        </ul>
      </div>
      <div className="hero__art">
        <img
          src="/images/hero.webp"
          alt="Retro polaroid prints, a film strip and a poster laid out on a table"
          width={720}
          height={640}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
