// Home (spec 1 §2): hero, showcase, features, free-shipping banner, testimonials, call to action;
// title, description, canonical link and structured data.
import { useRef } from 'react';
import { ButtonLink } from '@/components/button';
import { PageMeta } from '@/components/page-meta';
import { ProductShowcase } from '@/features/catalog/components/product-showcase';
import { CallToAction } from '@/features/home/components/call-to-action';
import { FeaturesSection } from '@/features/home/components/features-section';
import { FreeShippingBanner } from '@/features/home/components/free-shipping-banner';
import { Hero } from '@/features/home/components/hero';
import { Testimonials } from '@/features/home/components/testimonials';
import { StructuredData } from '@/components/structured-data';
import { SITE_NAME, SITE_TAGLINE, SUPPORT_EMAIL, useAbsoluteUrl } from '@/lib/site';
import { SCHEMA } from '@/lib/structured-data';
import '@/features/home/components/home.css';

export const HOME_TITLE = `${SITE_NAME} - ${SITE_TAGLINE}`;
export const HOME_DESCRIPTION =
  'Custom photo prints from your phone: retro polaroid-style prints, film strips, photo strips, posters, collages and greeting cards. Premium quality, fast shipping across India and worldwide.';

function structuredData(absoluteUrl: (path: string) => string) {
  const origin = absoluteUrl('');
  return {
    '@context': SCHEMA,
    '@graph': [
      {
        '@type': 'Organization',
        name: SITE_NAME,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        email: SUPPORT_EMAIL,
      },
      {
        '@type': 'WebSite',
        name: SITE_NAME,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}/search?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

export function Component() {
  const absoluteUrl = useAbsoluteUrl();
  const features = useRef<HTMLElement>(null);
  const learnMore = () => {
    features.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    features.current?.focus({ preventScroll: true });
  };
  return (
    <div className="home">
      <PageMeta fullTitle={HOME_TITLE} description={HOME_DESCRIPTION} canonicalPath="/" />
      <StructuredData data={structuredData(absoluteUrl)} />
      <Hero onLearnMore={learnMore} />
      <section className="home-section" aria-labelledby="showcase-heading">
        <h2 id="showcase-heading" className="home-section__heading">
          Our bestsellers
        </h2>
        <p className="home-section__lead">Pick a format, upload your photo and we print it in days.</p>
        <ProductShowcase />
        <div className="home-section__more">
          <ButtonLink to="/prints" variant="secondary">
            Browse All Products
          </ButtonLink>
        </div>
      </section>
      <FeaturesSection ref={features} />
      <FreeShippingBanner />
      <Testimonials />
      <CallToAction />
    </div>
  );
}
