// The home hero: the headline about turning memories into prints (spec 1 §1).
import { ButtonLink } from '../../../components/button';

export function Hero({ onLearnMore }: { onLearnMore: () => void }) {
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
          {/* No rating here: the shop states ratings only from its reviews (use-shop-claims.ts), and
              the home page stays free of the reviews query to keep its JavaScript small. */}
          <li>
            <strong>300</strong> DPI
          </li>
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
