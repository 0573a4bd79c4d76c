// The cart's "Promo code" field (under the summary): Apply sends the code to the server, which
// judges it on this cart; a refusal shows the server's message on the field. Once set, the code is
// shown with a Remove button, and with the server's message when the cart no longer qualifies.
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import type { CartDto } from '@printshop/shared-events/api/cart';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { serverMessageOr } from '@/lib/server-message';
import { countryAtom, currencyAtom } from '@/lib/currency/currency-store';
import { refreshCart } from '@/lib/cart/get-cart';
import { applyPromotionCode, removePromotionCode } from '../api/promotion-code';
import './promo-code.css';

export const PROMO_MESSAGES = {
  empty: 'Enter a code',
  applyFailed: 'Could not apply the code. Please try again.',
  removeFailed: 'Could not remove the code. Please try again.',
} as const;

export function PromoCode({ promotion }: { promotion: CartDto['promotion'] }) {
  const queryClient = useQueryClient();
  const currency = useAtomValue(currencyAtom);
  const country = useAtomValue(countryAtom);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      setCode('');
    } catch (caught) {
      setError(serverMessageOr(caught, fallback));
    } finally {
      setBusy(false);
      await refreshCart(queryClient);
    }
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(PROMO_MESSAGES.empty);
      return;
    }
    void run(() => applyPromotionCode(code.trim(), currency, country), PROMO_MESSAGES.applyFailed);
  };

  if (promotion) {
    return (
      <section className="promo-code" aria-label="Promo code">
        <div className="promo-code__applied">
          <p className="promo-code__name">
            Code <strong>{promotion.code}</strong>
            {promotion.message === null ? ' applied' : ''}
          </p>
          <Button
            variant="ghost"
            size="sm"
            loading={busy}
            onClick={() => void run(removePromotionCode, PROMO_MESSAGES.removeFailed)}
          >
            Remove
          </Button>
        </div>
        {promotion.message && <Alert>{promotion.message}</Alert>}
        {error && <Alert>{error}</Alert>}
      </section>
    );
  }

  return (
    <form className="promo-code promo-code__form" onSubmit={apply} noValidate>
      <Field
        label="Promo code"
        value={code}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" variant="secondary" loading={busy}>
        Apply
      </Button>
    </form>
  );
}
