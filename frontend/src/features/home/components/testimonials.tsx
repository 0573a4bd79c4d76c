// Three static testimonials, each rated 5 (spec 1 §1, §3 Testimonial: id, text, author, rating).
import { ButtonLink } from '@/components/button';

export const TESTIMONIALS = [
  {
    id: 1,
    text: 'The retro prints look exactly like real polaroids. My whole wall is covered in them now!',
    author: 'Ananya R.',
    rating: 5,
  },
  {
    id: 2,
    text: 'Ordered a poster and a film strip for our anniversary. Beautiful colours and it arrived so fast.',
    author: 'Daniel K.',
    rating: 5,
  },
  {
    id: 3,
    text: 'Uploading from my phone took a minute. The print quality is better than the shop down the road.',
    author: 'Meera S.',
    rating: 5,
  },
] as const;

export function Testimonials() {
  return (
    <section className="home-section testimonials" aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="home-section__heading">
        Loved by our customers
      </h2>
      <ul className="testimonials__list">
        {TESTIMONIALS.map((t) => (
          <li key={t.id} className="testimonials__item">
            <figure>
              <p className="testimonials__stars" aria-label={`Rated ${t.rating} out of 5`}>
                {'★'.repeat(t.rating)}
              </p>
              <blockquote>“{t.text}”</blockquote>
              <figcaption>— {t.author}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="home-section__more">
        <ButtonLink to="/reviews" variant="secondary">
          Read All Reviews
        </ButtonLink>
      </div>
    </section>
  );
}
