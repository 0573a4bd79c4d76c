// The shop's rating claims come from GET /api/reviews/summary (approved reviews): shown with the
// real average and count once there are reviews, absent before (no invented number).
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { WhyCustomersLoveUsCard } from '@/features/collages/components/collage-info';
import { Hero } from '@/features/home/components/hero';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
});

const serveSummary = (averageRating: number, totalReviews: number) =>
  server.on('GET /api/reviews/summary', () =>
    json({ success: true, summary: { averageRating, totalReviews } }),
  );

describe('rating claims', () => {
  it('given 12 approved reviews averaging 4.6, when the hero and the collage card show, then they claim exactly that', async () => {
    serveSummary(4.6, 12);
    renderApp(
      <>
        <Hero onLearnMore={() => {}} />
        <WhyCustomersLoveUsCard />
      </>,
    );
    expect(await screen.findByText('4.6★')).toBeInTheDocument();
    expect(screen.getByText('4.6★').parentElement).toHaveTextContent('4.6★ from 12 reviews');
    expect(screen.getByText('Rated 4.6/5 from 12 reviews')).toBeInTheDocument();
  });

  it('given no approved review yet, then no numeric rating is claimed anywhere', async () => {
    serveSummary(0, 0);
    const { container } = renderApp(
      <>
        <Hero onLearnMore={() => {}} />
        <WhyCustomersLoveUsCard />
      </>,
    );
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/reviews/summary')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).not.toMatch(/★|\/5|4\.9|4\.8|127|10,000/);
  });
});
