// The moderation queue: waiting reviews first, rating and product filters (back to page 1),
// approve and hide (PUT {status}), delete after a confirmation (DELETE).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { adminReview, pagination, signIn } from '@/features/admin/testing/admin-fixtures';
import { REVIEWS_QUEUE_MESSAGES, ReviewsQueue } from './reviews-queue';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  signIn();
});

const lastQuery = () =>
  Object.fromEntries(
    new URL(server.requests.filter((r) => r.method === 'GET').at(-1)!.url, 'http://x').searchParams,
  );
const serveReviews = (reviews = [adminReview(1), adminReview(2, { rating: 2, productSku: undefined })]) =>
  server.on(
    'GET /api/admin/reviews',
    json({ success: true, reviews, pagination: pagination(reviews.length) }),
  );

describe('ReviewsQueue', () => {
  it('given waiting reviews, then the queue asks for them and shows rating, author, product and text', async () => {
    serveReviews();
    renderApp(<ReviewsQueue />);
    const first = (await screen.findByText('Lovely prints, number 1')).closest('li')!;
    expect(lastQuery()).toEqual({ page: '1', status: 'pending' });
    expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Reviewer 1');
    expect(first).toHaveTextContent('A4 Poster');
    expect(first).toHaveTextContent('Verified purchase');
    expect(first).toHaveTextContent('Waiting');
    expect(screen.getByText('Lovely prints, number 2').closest('li')).toHaveTextContent('The shop');
  });

  it('when rating and product are chosen, then both are asked for', async () => {
    serveReviews();
    renderApp(<ReviewsQueue />);
    await screen.findByText('Lovely prints, number 1');
    await userEvent.selectOptions(screen.getByLabelText('Rating'), '2');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', status: 'pending', rating: '2' }));
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'POSTERA3');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', status: 'pending', rating: '2', product: 'POSTERA3' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', rating: '2', product: 'POSTERA3' }));
  });

  it('when a review is approved, then its status is sent and the queue reloads without it', async () => {
    let reviews = [adminReview(1), adminReview(2)];
    server.on('GET /api/admin/reviews', () =>
      json({ success: true, reviews, pagination: pagination(reviews.length) }),
    );
    let body = '';
    server.on('PUT /api/admin/reviews/r1', (request) => {
      body = request.body;
      reviews = [adminReview(2)];
      return json({ success: true, review: adminReview(1, { status: 'approved' }) });
    });
    renderApp(<ReviewsQueue />);
    await screen.findByText('Lovely prints, number 1');
    await userEvent.click(screen.getByRole('button', { name: "Approve Reviewer 1's review" }));
    expect(await screen.findByText(REVIEWS_QUEUE_MESSAGES.approved)).toBeInTheDocument();
    expect(JSON.parse(body)).toEqual({ status: 'approved' });
    await waitFor(() => expect(screen.queryByText('Lovely prints, number 1')).not.toBeInTheDocument());
  });

  it('when a review is hidden, then hidden is sent', async () => {
    serveReviews();
    let body = '';
    server.on('PUT /api/admin/reviews/r2', (request) => {
      body = request.body;
      return json({ success: true, review: adminReview(2, { status: 'hidden' }) });
    });
    renderApp(<ReviewsQueue />);
    await screen.findByText('Lovely prints, number 2');
    await userEvent.click(screen.getByRole('button', { name: "Hide Reviewer 2's review" }));
    expect(await screen.findByText(REVIEWS_QUEUE_MESSAGES.hidden)).toBeInTheDocument();
    expect(JSON.parse(body)).toEqual({ status: 'hidden' });
  });

  it('when a review is deleted and that is confirmed, then DELETE is sent', async () => {
    serveReviews();
    server.on('DELETE /api/admin/reviews/r1', json({ success: true }));
    renderApp(<ReviewsQueue />);
    await screen.findByText('Lovely prints, number 1');
    await userEvent.click(screen.getByRole('button', { name: "Delete Reviewer 1's review" }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this review?' });
    expect(dialog).toHaveTextContent('Reviewer 1’s 4-star review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    expect(await screen.findByText(REVIEWS_QUEUE_MESSAGES.deleted)).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url === '/api/admin/reviews/r1')).toBe(
      true,
    );
  });

  it('given a moderation is refused, then the server’s sentence shows', async () => {
    serveReviews();
    server.on(
      'PUT /api/admin/reviews/r1',
      json({ success: false, message: 'Review not found', code: 'NOT_FOUND' }, 404),
    );
    renderApp(<ReviewsQueue />);
    await screen.findByText('Lovely prints, number 1');
    await userEvent.click(screen.getByRole('button', { name: "Approve Reviewer 1's review" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Review not found');
  });

  it('given an empty queue, then it says so', async () => {
    serveReviews([]);
    renderApp(<ReviewsQueue />);
    expect(await screen.findByText(REVIEWS_QUEUE_MESSAGES.empty)).toBeInTheDocument();
  });
});
