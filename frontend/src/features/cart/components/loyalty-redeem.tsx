// Redeem loyalty points on the cart (signed-in customers only). The shop's rules say how many
// points a redemption needs and how much of the cart they may pay (rules/loyalty.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MIN_REDEEM_POINTS, POINT_VALUE_USD_CENTS } from '@printshop/shared-events/rules/loyalty';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Price } from '@/components/price';
import { countOf, pluralOf } from '@printshop/shared-events/rules/plural';
import { serverMessageOr } from '@/lib/server-message';
import { refreshCart, useCart } from '@/lib/cart/get-cart';
import { useCurrency } from '@/lib/currency/use-currency';
import { LOYALTY_QUERY_KEY, redeemPoints, useLoyaltyStatus } from '../api/loyalty';
import './loyalty-redeem.css';

export const REDEEM_FAILED = 'Could not redeem your points. Please try again.';

export function LoyaltyRedeem() {
  const status = useLoyaltyStatus(true);
  const cart = useCart();
  const queryClient = useQueryClient();
  const { formatCents } = useCurrency();
  const [points, setPoints] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (status.isPending || status.isError) return null;
  const { balance } = status.data;
  // Points set on this cart stay in the balance until the order is paid; what is left is what counts.
  const used = Math.min(balance, cart.data?.loyaltyPointsUsed ?? 0);
  const left = balance - used;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const wanted = Number(points);
    if (!Number.isInteger(wanted) || wanted < 1) {
      setError('Enter the number of points to redeem');
      return;
    }
    setBusy(true);
    try {
      const answer = await redeemPoints(wanted);
      const applied = answer.pointsApplied ?? wanted;
      setDone(`${countOf(applied, 'point', 'points')} applied to your cart.`);
      setPoints('');
    } catch (caught) {
      setError(serverMessageOr(caught, REDEEM_FAILED));
    } finally {
      setBusy(false);
      await Promise.all([
        refreshCart(queryClient),
        queryClient.invalidateQueries({ queryKey: LOYALTY_QUERY_KEY }),
      ]);
    }
  };

  return (
    <section className="loyalty-redeem" aria-labelledby="loyalty-heading">
      <h2 id="loyalty-heading" className="loyalty-redeem__heading">
        Loyalty points
      </h2>
      <p className="loyalty-redeem__balance" data-testid="points-balance">
        You have <strong>{left.toLocaleString('en-US')}</strong> {pluralOf(left, 'point', 'points')}
        {used > 0 ? ' left' : ''}, worth <Price>{formatCents(left * POINT_VALUE_USD_CENTS)}</Price>
        {used > 0 ? ` (${used.toLocaleString('en-US')} used on this cart).` : '.'}
      </p>
      {balance >= MIN_REDEEM_POINTS ? (
        <form className="loyalty-redeem__form" onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label="Points to redeem"
            type="number"
            inputMode="numeric"
            min={MIN_REDEEM_POINTS}
            max={balance}
            step={1}
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            hint={`At least ${countOf(MIN_REDEEM_POINTS, 'point', 'points')}; points pay up to half of your cart.`}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            Redeem
          </Button>
        </form>
      ) : (
        <p className="loyalty-redeem__hint">
          Redeem from {countOf(MIN_REDEEM_POINTS, 'point', 'points')}. You earn points on every order.
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
    </section>
  );
}
