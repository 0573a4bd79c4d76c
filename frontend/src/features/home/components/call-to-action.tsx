// The closing call to action (spec 1 §1).
import { ButtonLink } from '@/components/button';

export function CallToAction() {
  return (
    <section className="cta" aria-labelledby="cta-heading">
      <h2 id="cta-heading">Ready to print your favourite moments?</h2>
      <p>Upload a photo, crop it the way you like and we will do the rest.</p>
      <ButtonLink to="/prints" size="lg">
        Start Creating Now
      </ButtonLink>
    </section>
  );
}
