// The home testimonials (spec 1 §2) are customers' approved reviews rated 5, never invented ones.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { Testimonials } from './testimonials';

const review = (id: string, name: string, content: string) => ({
  id,
  rating: 5,
  content,
  created_at: '2026-11-02T10:00:00.000Z',
  user: { name },
  verifiedPurchase: true,
  photos: [],
});

const page = (reviews: unknown[]) => ({
  success: true,
  data: {
    reviews,
    stats: {
      averageRating: reviews.length ? 5 : 0,
      totalReviews: reviews.length,
      ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: reviews.length },
    },
    pagination: { page: 1, limit: 3, total: reviews.length, pages: 1 },
  },
});

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  configureApiClient({ origin: server.origin, resetPosition: true });
});
afterEach(() => server.close());

describe('home testimonials', () => {
  it("given approved 5-star reviews, then the newest three are shown, each with its author's name and rating", async () => {
    server.on(
      'GET /api/reviews',
      json(
        page([
          review('r3', 'Asha P.', 'The A3 poster is on my wall already.'),
          review('r2', 'Tom B.', 'Film strips for the whole family.'),
        ]),
      ),
    );
    renderApp(<Testimonials />);
    const section = await screen.findByRole('region', { name: 'Loved by our customers' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '★★★★★“The A3 poster is on my wall already.”— Asha P.',
      '★★★★★“Film strips for the whole family.”— Tom B.',
    ]);
    expect(within(items[0]!).getByLabelText('Rated 5 out of 5')).toBeInTheDocument();
    const asked = new URL(server.requests[0]!.url, server.origin).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ rating: '5', sort: 'newest', limit: '3', page: '1' });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['no approved review yet', json(page([]))],
    ['the reviews unavailable', json({ success: false, message: 'Down', code: 'SERVICE_UNAVAILABLE' }, 503)],
  ])('given %s, then there is no testimonial at all', async (_, reply) => {
    server.on('GET /api/reviews', reply);
    const { container } = renderApp(<Testimonials />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText(/Ananya|Daniel|Meera/)).toBeNull();
  });
});
