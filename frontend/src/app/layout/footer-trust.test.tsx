// The storefront's trust copy is the owner's (GET /api/settings): the footer's delivery promise and,
// without approved reviews, the rating line of the collage card.
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_TRUST_COPY } from '@printshop/shared-events/rules/catalog-seed';
import { WhyCustomersLoveUsCard } from '@/features/collages/components/collage-info';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { Footer } from './footer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  server.on('GET /api/reviews/summary', () =>
    json({ success: true, summary: { averageRating: 0, totalReviews: 0 } }),
  );
});

const serveTrust = (trust: { deliveryPromise: string; ratingText: string }) =>
  server.on('GET /api/settings', () =>
    json({ success: true, freeShippingThresholdUsd: 50, currencies: [], shippingCountries: [], trust }),
  );

describe('trust copy in the storefront', () => {
  it('given the owner wrote a delivery promise and a rating line, then the footer and the collage card show them', async () => {
    serveTrust({
      deliveryPromise: 'Printed tomorrow, at your door in a week.',
      ratingText: 'Loved by our shoppers',
    });
    renderApp(
      <>
        <WhyCustomersLoveUsCard />
        <Footer />
      </>,
    );
    expect(await screen.findByText('Printed tomorrow, at your door in a week.')).toBeInTheDocument();
    expect(await screen.findByText('Loved by our shoppers')).toBeInTheDocument();
    expect(screen.queryByText(SEED_TRUST_COPY.deliveryPromise)).not.toBeInTheDocument();
  });

  it('given the settings have not answered, then the footer shows the seeded promise', () => {
    const held = new Promise(() => {});
    server.on('GET /api/settings', () => ({
      ...json({ success: true, freeShippingThresholdUsd: 50, currencies: [], shippingCountries: [] }),
      wait: held,
    }));
    renderApp(<Footer />);
    expect(screen.getByText(SEED_TRUST_COPY.deliveryPromise)).toBeInTheDocument();
  });
});
