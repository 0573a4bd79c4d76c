// The reviews page (spec 1 §4, §7, §8): pages of 5, stats, rating filter, sort and search (each
// going back to page 1), and the two error messages.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { REVIEWS_MESSAGES } from '@/lib/reviews/get-reviews';
import { NO_REVIEWS_YET, ReviewsView } from './reviews-view';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
});

const review = (n: number, rating = 5) => ({
  id: `r${n}`,
  rating,
  content: `Review number ${n}`,
  created_at: '2025-01-02T10:00:00.000Z',
  user: { name: `Customer ${n}` },
  verifiedPurchase: n % 2 === 0,
});

/** 12 reviews; answers the page asked for. */
function serveReviews() {
  server.on('GET /api/reviews', (request) => {
    const query = new URL(request.url, 'http://x').searchParams;
    const page = Number(query.get('page'));
    const reviews = Array.from({ length: 12 }, (_, i) => review(i + 1)).slice((page - 1) * 5, page * 5);
    return json({
      success: true,
      data: {
        reviews,
        stats: { averageRating: 4.6, totalReviews: 12, ratingDistribution: { 1: 0, 2: 1, 3: 0, 4: 2, 5: 9 } },
        pagination: { page, limit: 5, total: 12, pages: 3 },
      },
    });
  });
}

const lastQuery = () => new URL(server.requests.at(-1)!.url, 'http://x').searchParams;

describe('ReviewsView', () => {
  it('given 12 reviews, then the first 5 show with the stats, newest first', async () => {
    serveReviews();
    renderApp(<ReviewsView />);
    expect(await screen.findByText('Review number 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('review'))).toHaveLength(5);
    expect(screen.getByText('4.6')).toBeInTheDocument();
    expect(screen.getByText('Based on 12 reviews')).toBeInTheDocument();
    expect(screen.getByText('reviews with 5 stars').parentElement).toHaveTextContent('9');
    expect(Object.fromEntries(lastQuery())).toEqual({ page: '1', limit: '5', sort: 'newest' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('when Next is pressed and then a filter changes, then the filter goes back to page 1', async () => {
    serveReviews();
    renderApp(<ReviewsView />);
    await screen.findByText('Review number 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Review number 6')).toBeInTheDocument();
    expect(lastQuery().get('page')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: '5 ★' }));
    await waitFor(() => expect(lastQuery().get('rating')).toBe('5'));
    expect(lastQuery().get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'lowest');
    await waitFor(() => expect(lastQuery().get('sort')).toBe('lowest'));
    expect(lastQuery().get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    await userEvent.type(screen.getByLabelText('Search reviews'), 'glossy');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery().get('search')).toBe('glossy'));
    expect(Object.fromEntries(lastQuery())).toEqual({
      page: '1',
      limit: '5',
      sort: 'lowest',
      rating: '5',
      search: 'glossy',
    });
  });

  it("given a shop without an approved review, then 'No reviews yet.' shows, with no 0.0 rating and no filters", async () => {
    server.on(
      'GET /api/reviews',
      json({
        success: true,
        data: {
          reviews: [],
          stats: { averageRating: 0, totalReviews: 0, ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
          pagination: { page: 1, limit: 5, total: 0, pages: 0 },
        },
      }),
    );
    renderApp(<ReviewsView />);
    expect(await screen.findByText(NO_REVIEWS_YET)).toBeInTheDocument();
    expect(screen.queryByText('0.0')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rating summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filter reviews' })).not.toBeInTheDocument();
    expect(screen.queryByText('No reviews match your filters.')).not.toBeInTheDocument();
  });

  it("given an answer that says not success, then 'Failed to load reviews' shows", async () => {
    server.on(
      'GET /api/reviews',
      json({ success: false, message: 'Reviews are resting', code: 'UNAVAILABLE' }, 503),
    );
    renderApp(<ReviewsView />);
    expect(await screen.findByText(REVIEWS_MESSAGES.notSuccess)).toBeInTheDocument();
  });

  it("given the request fails, then 'Failed to load reviews. Please try again later.' shows", async () => {
    const gone = await startTestServer();
    await gone.close();
    configureApiClient({ origin: gone.origin });
    renderApp(<ReviewsView />);
    expect(await screen.findByText(REVIEWS_MESSAGES.failed)).toBeInTheDocument();
  });
});
