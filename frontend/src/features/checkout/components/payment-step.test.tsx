// Paying (API.md "Checkout, payments, orders"): in test mode the card form is labelled as such and
// the server's decline message shows as it is; the simulated UPI approval is labelled too and a
// refused payment says why.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { configureApiClient } from '@/lib/api-client';
import { orderAnswer } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { field } from '@/test/labels';
import { renderApp } from '@/test/render';
import { CURRENCY_KEY } from '@/lib/currency/currency-store';
import { useCurrency } from '@/lib/currency/use-currency';
import { NOTHING_TO_PAY } from './free-order';
import { PaymentStep, RUPEES_ONLY } from './payment-step';
import { TEST_MODE_LABEL } from './test-card-form';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  server.on(
    'POST /api/stripe/create-payment-intent',
    json({
      success: true,
      checkoutId: 'k1',
      clientSecret: 'pi_1_secret',
      paymentIntentId: 'pi_1',
      amount: 13.56,
      currency: 'USD',
      testMode: true,
    }),
  );
});

const USD_CHECKOUT = { amount: 13.56, currency: 'USD', amountText: '$13.56' };
// UPI and net banking charge rupees only: 13.56 USD x 83.2.
const INR_CHECKOUT = { amount: 1128.19, currency: 'INR', amountText: '₹1,128.19' };

const step = (
  { amount, currency, amountText } = USD_CHECKOUT,
  onPaid: (order: OrderDto) => void = () => undefined,
) => (
  <PaymentStep
    checkout={{ success: true, checkoutId: 'k1', amount, currency }}
    amountText={amountText}
    email="ada@example.com"
    phone="+1 202 555 0100"
    onPaid={onPaid}
  />
);

function renderStep(onPaid: (order: OrderDto) => void = () => undefined, checkout = USD_CHECKOUT) {
  return renderApp(step(checkout, onPaid));
}

const payByCard = async (number: string) => {
  await userEvent.type(await screen.findByLabelText(/^Card number/), number);
  await userEvent.type(field('Expiry (MM/YY)'), '12/39');
  await userEvent.type(field('Security code (CVC)'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Pay $13.56' }));
};

/** Stripe declines every card (its 402 and message). */
const declineCards = () =>
  server.on(
    'POST /api/stripe/confirm-payment',
    json({ success: false, message: 'Your card was declined.', code: 'PAYMENT_DECLINED' }, 402),
  );

describe('PaymentStep', () => {
  it("given test mode, when the declined test card is used, then the server's decline message shows and no order is made", async () => {
    declineCards();
    const onPaid = vi.fn();
    renderStep(onPaid);
    expect(await screen.findByText(TEST_MODE_LABEL)).toBeInTheDocument();
    await payByCard('4000 0000 0000 0002');
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({
      paymentIntentId: 'pi_1',
      testCard: '4000000000000002',
    });
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('given test mode, when 4242 4242 4242 4242 is used, then the order comes back', async () => {
    server.on('POST /api/stripe/confirm-payment', json({ success: true, order: orderAnswer() }));
    const onPaid = vi.fn();
    renderStep(onPaid);
    await payByCard('4242424242424242');
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(onPaid.mock.calls[0]![0]).toMatchObject({ orderNumber: 'PS-10001' });
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
  });

  it('given a declined card, when another card is tried after the code was used up elsewhere, then the refusal shows and no card is charged', async () => {
    declineCards();
    renderStep();
    await payByCard('4000 0000 0000 0002');
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    // The decline released the checkout's code; another shopper took its last use meanwhile.
    server.on(
      'POST /api/stripe/create-payment-intent',
      json({ success: false, message: 'This code has been used up.', code: 'RULE_BROKEN' }, 422),
    );
    const card = screen.getByLabelText(/^Card number/);
    await userEvent.clear(card);
    await userEvent.type(card, '4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $13.56' }));

    expect(await screen.findByText('This code has been used up.')).toBeInTheDocument();
    const paths = server.requests.map((r) => r.url);
    expect(paths.filter((p) => p === '/api/stripe/confirm-payment')).toHaveLength(1);
    // Asked for on showing the form and again before each attempt.
    expect(paths.filter((p) => p === '/api/stripe/create-payment-intent')).toHaveLength(3);
  });

  it('given a checkout with nothing to pay, when Place Order is pressed twice, then the order is placed once without a payment and no payment method is offered', async () => {
    server.on('POST /api/payment/free-order', json({ success: true, order: orderAnswer() }));
    const onPaid = vi.fn();
    renderStep(onPaid, { amount: 0, currency: 'USD', amountText: '$0.00' });

    expect(await screen.findByText(NOTHING_TO_PAY)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const place = screen.getByRole('button', { name: 'Place Order' });
    await userEvent.dblClick(place);

    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    const paths = server.requests.map((r) => r.url);
    expect(paths.filter((p) => p === '/api/payment/free-order')).toHaveLength(1);
    expect(paths.some((p) => p.startsWith('/api/stripe/'))).toBe(false);
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ checkoutId: 'k1' });
  });

  it('given a checkout with nothing to pay, when the code was used up meanwhile, then the refusal shows', async () => {
    server.on(
      'POST /api/payment/free-order',
      json({ success: false, message: 'This code has been used up.', code: 'RULE_BROKEN' }, 422),
    );
    renderStep(undefined, { amount: 0, currency: 'USD', amountText: '$0.00' });
    await userEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('This code has been used up.')).toBeInTheDocument();
  });

  it('given "Your card was declined.", when the shopper corrects the form and the new attempt stops at a past expiry and a 1-digit CVC, then only the field messages show', async () => {
    declineCards();
    renderStep();
    await payByCard('4000 0000 0000 0002');
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();

    await userEvent.clear(field('Expiry (MM/YY)'));
    await userEvent.type(field('Expiry (MM/YY)'), '01/20');
    await userEvent.clear(field('Security code (CVC)'));
    await userEvent.type(field('Security code (CVC)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $13.56' }));

    expect(await screen.findByText('This card has expired')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3- or 4-digit security code')).toBeInTheDocument();
    expect(screen.queryByText('Your card was declined.')).toBeNull();
    expect(server.requests.filter((r) => r.url === '/api/stripe/confirm-payment')).toHaveLength(1);
  });

  it('given a card number too short or an expiry in the past, then the form says so before sending', async () => {
    renderStep();
    await userEvent.type(await screen.findByLabelText(/^Card number/), '4242');
    await userEvent.type(field('Expiry (MM/YY)'), '01/20');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $13.56' }));
    expect(await screen.findByText('Enter a card number of 12 to 19 digits')).toBeInTheDocument();
    expect(screen.getByText('This card has expired')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3- or 4-digit security code')).toBeInTheDocument();
    expect(server.requests.some((r) => r.url === '/api/stripe/confirm-payment')).toBe(false);
  });

  it('given UPI in test mode, then the simulated approval is labelled; a declined approval shows the reason', async () => {
    server.on(
      'POST /api/payment/create-order',
      json({
        success: true,
        orderId: 'order_t1',
        amount: 1128.19,
        currency: 'INR',
        keyId: 'rzp_test',
        testMode: true,
      }),
    );
    server.on(
      'POST /api/payment/test/pay',
      json({ success: false, message: 'Payment failed', code: 'PAYMENT_DECLINED' }, 402),
    );
    renderStep(undefined, INR_CHECKOUT);
    await userEvent.click(await screen.findByRole('radio', { name: /UPI/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹1,128.19 with UPI' }));
    expect(await screen.findByText('Test mode — simulated UPI approval')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decline payment' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    // A new attempt starts from Pay, so the server holds the checkout's points and code again.
    expect(screen.queryByRole('button', { name: 'Approve payment' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹1,128.19 with UPI' }));
    expect(await screen.findByRole('button', { name: 'Approve payment' })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url === '/api/payment/create-order')).toHaveLength(2);
  });

  it('given UPI in test mode, when approved, then the signed result is verified and the order comes back', async () => {
    server.on(
      'POST /api/payment/create-order',
      json({
        success: true,
        orderId: 'order_t1',
        amount: 1128.19,
        currency: 'INR',
        keyId: 'rzp_test',
        testMode: true,
      }),
    );
    const signed = { razorpay_order_id: 'order_t1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
    server.on('POST /api/payment/test/pay', json({ success: true, ...signed }));
    server.on(
      'POST /api/payment/verify-payment',
      json({ success: true, order: orderAnswer({ payment: { provider: 'razorpay', status: 'captured' } }) }),
    );
    const onPaid = vi.fn();
    renderStep(onPaid, INR_CHECKOUT);
    await userEvent.click(await screen.findByRole('radio', { name: /UPI/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹1,128.19 with UPI' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve payment' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual(signed);
  });

  it('given a checkout in dollars, when UPI is chosen, then it offers to pay in rupees instead of charging dollars', async () => {
    renderStep();
    await userEvent.click(await screen.findByRole('radio', { name: /Net Banking/ }));
    expect(screen.getByText(RUPEES_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay \$13\.56 with/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Net Banking in Indian rupees' }));
    expect(localStorage.getItem(CURRENCY_KEY)).toBe('INR');
    expect(server.requests.filter((r) => r.url.includes('create-order'))).toHaveLength(0);
    localStorage.removeItem(CURRENCY_KEY);
  });

  it('given net banking chosen on a dollar checkout, when the checkout restarts in rupees (the step mounts again), then net banking is still the method, ready to pay', async () => {
    // As the checkout flow does: another currency restarts the checkout, and a new step shows it.
    function Flow() {
      const { currency } = useCurrency();
      return currency === 'INR' ? step(INR_CHECKOUT) : <div>{step(USD_CHECKOUT)}</div>;
    }
    renderApp(<Flow />);
    await userEvent.click(await screen.findByRole('radio', { name: /Net Banking/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Net Banking in Indian rupees' }));
    localStorage.removeItem(CURRENCY_KEY);
    expect(await screen.findByRole('radio', { name: /Net Banking/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay ₹1,128.19 with Net Banking' })).toBeInTheDocument();
  });
});
