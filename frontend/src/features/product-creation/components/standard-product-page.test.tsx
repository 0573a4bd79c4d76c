// The standard-print panel around the workflow (spec 2 §2): carousel with badge, price range in the
// chosen currency, viewers, previous / next and thumbnails.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { arrivesText } from '@printshop/shared-events/rules/delivery';
import { shippingRuleFor } from '@printshop/shared-events/rules/shipping';
import { json, type TestServer } from '@/test/http-server';
import { installNodeFileApis, testImageTools } from '../testing/browser-apis';
import { renderPage } from '../testing/creation-harness';
import { startShopServer } from '../testing/creation-harness';
import { CURRENCY_KEY } from '@/lib/currency/currency-store';
import { StandardProductPage } from './standard-product-page';

let server: TestServer;
beforeAll(installNodeFileApis);
beforeEach(async () => {
  server = await startShopServer();
});
afterEach(() => server.close());

describe('standard print page', () => {
  it('shows the carousel with badge, price range in the chosen currency (USD by default), viewers, and moves with previous / next / thumbnails', async () => {
    server.on('POST /api/products/4X6PHOTOPRINT/viewers', json({ success: true, viewers: 3 }));
    const { user } = renderPage(
      <StandardProductPage product={productBySku('4X6PHOTOPRINT')!} imageTools={testImageTools} />,
      '/product/4x6-photo-prints',
    );
    expect(screen.getByRole('heading', { level: 1, name: '4x6 Photo Prints' })).toBeInTheDocument();
    expect(screen.getByText('Bestseller')).toBeInTheDocument();
    // 0.39 with the top upload-panel band (40%) off: 0.23.
    expect(screen.getByTestId('price-range')).toHaveTextContent('$0.23 - $0.39');
    // Counted by the server (POST /api/products/:sku/viewers), not drawn.
    await waitFor(() => expect(screen.getByTestId('viewer-count')).not.toHaveAttribute('data-pending'));
    expect(screen.getByTestId('viewer-count')).toHaveTextContent(/^3 people viewing$/);
    expect(server.requests.filter((r) => r.url === '/api/products/4X6PHOTOPRINT/viewers')).toHaveLength(1);

    const stage = () => screen.getByRole('img', { name: /Photo Prints/ });
    expect(stage()).toHaveAccessibleName('4x6 Photo Prints');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(stage()).toHaveAccessibleName('5x7 Photo Prints');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(stage()).toHaveAccessibleName('8x10 Photo Prints');
    await user.click(screen.getByRole('button', { name: 'Show image 1 of 3' }));
    expect(stage()).toHaveAccessibleName('4x6 Photo Prints');
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('given euros chosen, then the price range is in euros', () => {
    localStorage.setItem(CURRENCY_KEY, 'EUR');
    try {
      renderPage(
        <StandardProductPage product={productBySku('4X6PHOTOPRINT')!} imageTools={testImageTools} />,
        '/product/4x6-photo-prints',
      );
      // 0.23 and 0.39 USD x 0.92 = 0.2116 and 0.3588
      expect(screen.getByTestId('price-range')).toHaveTextContent('€0.21 - €0.36');
      // Delivery is promised as dates for the visitor's country (US until detected: 10-15 days).
      expect(screen.getByTestId('delivery-promise')).toHaveTextContent(
        arrivesText(new Date(), shippingRuleFor('US').estimatedDays),
      );
    } finally {
      localStorage.removeItem(CURRENCY_KEY);
    }
  });
});
