// The site footer (spec 1 §1): reassurance blocks, payment methods, support contacts, the
// "We Ship Worldwide" countries by region with a count, and the information pages.
import { Link } from 'react-router';
import { SHIPPING_RULES, shippingRegions } from '@printshop/shared-events/rules/shipping';
import { Icon } from '@/components/icon';
import { useTrustCopy } from '@/lib/catalog/live-catalog';
import { PAYMENT_METHODS, POSTAL_ADDRESS, SITE_NAME, SUPPORT_EMAIL } from '@/lib/site';
import './footer.css';

const PROMISES = [
  {
    icon: 'lock' as const,
    title: 'Secure Payments',
    text: 'Encrypted checkout with trusted payment partners.',
  },
  {
    icon: 'truck' as const,
    title: 'Fast Shipping',
    // Shown as the owner's delivery promise (useTrustCopy: GET /api/settings, the seed's before).
    text: '',
  },
  {
    icon: 'refresh' as const,
    title: 'Easy Replacements',
    text: 'Not happy with a print? We reprint it, free.',
  },
];

const regions = shippingRegions();

/** The footer's list of categories: where the menu link leads when the page runs no script. */
export const FOOTER_SHOP_ID = 'footer-shop';

export function Footer() {
  const trust = useTrustCopy();
  const promises = PROMISES.map((p) => (p.icon === 'truck' ? { ...p, text: trust.deliveryPromise } : p));
  return (
    <footer className="footer">
      <section className="footer__promises" aria-label="Why shop with us">
        {promises.map((p) => (
          <div key={p.title} className="footer__promise">
            <span className="footer__promise-icon">
              <Icon name={p.icon} />
            </span>
            <div>
              <h2>{p.title}</h2>
              <p>{p.text}</p>
            </div>
          </div>
        ))}
      </section>

      <div className="footer__main">
        <div className="footer__brand">
          <p className="footer__logo">{SITE_NAME}</p>
          <p>Your photos as retro prints, film strips, posters, collages and greeting cards.</p>
          <h2>We accept</h2>
          <ul className="footer__payments" aria-label="Payment methods">
            {PAYMENT_METHODS.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
        <nav id={FOOTER_SHOP_ID} className="footer__links" aria-label="Shop">
          <h2>Shop</h2>
          <ul>
            <li>
              <Link to="/prints">Prints</Link>
            </li>
            <li>
              <Link to="/strips">Strips</Link>
            </li>
            <li>
              <Link to="/posters">Posters</Link>
            </li>
            <li>
              <Link to="/collages">Collages</Link>
            </li>
            <li>
              <Link to="/greeting-cards">Greeting Cards</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer__links" aria-label="Help">
          <h2>Help</h2>
          <ul>
            <li>
              <Link to="/track-order">Track Order</Link>
            </li>
            <li>
              <Link to="/shipping-info">Shipping Info</Link>
            </li>
            <li>
              <Link to="/returns-refunds">Returns &amp; Refunds</Link>
            </li>
            <li>
              <Link to="/reviews">Reviews</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <div className="footer__contact">
          <h2>Support</h2>
          <p>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <address>
            {POSTAL_ADDRESS.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        </div>
      </div>

      <section className="footer__shipping" aria-labelledby="footer-shipping-heading">
        <h2 id="footer-shipping-heading">
          We Ship Worldwide <span className="footer__count">({SHIPPING_RULES.length} countries)</span>
        </h2>
        <div className="footer__regions">
          {regions.map((region) => (
            <div key={region.name}>
              <h3>
                {region.name} <span className="footer__count">({region.count})</span>
              </h3>
              <p>{region.countries.map((c) => c.name).join(' · ')}</p>
            </div>
          ))}
        </div>
      </section>

      <div className="footer__legal">
        <p>
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
        <ul>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/terms-of-service">Terms of Service</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
