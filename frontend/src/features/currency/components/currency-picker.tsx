// The header's currency picker (spec 1 §2): the chosen currency on a button that opens the
// search panel (its code is fetched when it first opens, or on hover or focus before that). A tap
// on the prerendered button before the app has hydrated opens it once the app runs (lib/early-taps.ts).
import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { currencyByCode, type CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { useEarlyTap } from '@/lib/early-taps';
import { lazyPart } from '@/lib/lazy-part';
import { useDismiss } from '@/lib/use-dismiss';
import { CURRENCY_SHOWN_ATTRIBUTE } from '@/lib/currency/price-guard';
import { useCurrency } from '@/lib/currency/use-currency';
import './currency-picker.css';

const Panel = lazyPart(async () => (await import('./currency-picker-panel')).CurrencyPickerPanel);

export function CurrencyPicker({ onChosen }: { onChosen?: () => void }) {
  const { currency, chooseCurrency } = useCurrency();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close, trigger);
  const earlyTap = useEarlyTap('currency', () => setOpen(true));

  const current = currencyByCode(currency);

  const choose = (code: CurrencyCode) => {
    chooseCurrency(code);
    close();
    trigger.current?.focus();
    onChosen?.();
  };

  return (
    <div className="currency-picker" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="currency-picker__trigger"
        aria-haspopup="dialog"
        {...earlyTap}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        // The name starts with the code the button shows (WCAG 2.5.3, label in name).
        aria-label={`${current.code}, ${current.name}: Change currency`}
        onPointerEnter={Panel.preload}
        onFocus={Panel.preload}
        onClick={() => setOpen(!open)}
      >
        <span {...{ [CURRENCY_SHOWN_ATTRIBUTE]: '' }}>
          <span aria-hidden="true">{current.flag}</span> {current.code}
        </span>
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Panel id={panelId} currency={currency} onChoose={choose} />
        </Suspense>
      )}
    </div>
  );
}
