// The header's currency picker (spec 1 §2): search by code or name, case-insensitive, popular
// currencies first, and 'No currencies found for "{query}"' when nothing matches.
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import {
  POPULAR_CURRENCIES,
  currencyByCode,
  noCurrenciesFound,
  searchCurrencies,
  type Currency,
} from '@printshop/shared-events/rules/currencies';
import { moveFocus, useDismiss } from '../../../lib/use-dismiss';
import { useCurrency } from '../use-currency';
import './currency-picker.css';

function ordered(list: Currency[]): Currency[] {
  const popular = (c: Currency) => {
    const i = POPULAR_CURRENCIES.indexOf(c.code);
    return i === -1 ? POPULAR_CURRENCIES.length : i;
  };
  return [...list].sort((a, b) => popular(a) - popular(b));
}

export function CurrencyPicker({ onChosen }: { onChosen?: () => void }) {
  const { currency, chooseCurrency } = useCurrency();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const searchId = useId();
  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
  }, []);
  useDismiss(root, open, close, trigger);

  const results = useMemo(() => ordered(searchCurrencies(query)), [query]);
  const current = currencyByCode(currency);

  const choose = (code: Currency['code']) => {
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
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Currency: ${current.name} (${current.code}). Change currency`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span aria-hidden="true">{current.flag}</span> {current.code}
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && (
        <div
          id={panelId}
          className="currency-picker__panel"
          role="dialog"
          aria-label="Choose a currency"
          onKeyDown={(event) => moveFocus(event, 'input, .currency-picker__option')}
        >
          <label htmlFor={searchId} className="visually-hidden">
            Search currencies
          </label>
          <input
            id={searchId}
            type="search"
            className="currency-picker__search"
            placeholder="Search currency or code"
            autoComplete="off"
            value={query}
            autoFocus
            onChange={(event) => setQuery(event.target.value)}
          />
          {results.length === 0 ? (
            <p className="currency-picker__empty" role="status">
              {noCurrenciesFound(query)}
            </p>
          ) : (
            <ul className="currency-picker__list" aria-label="Currencies">
              {results.map((c) => (
                <li key={c.code}>
                  <button
                    type="button"
                    className="currency-picker__option"
                    aria-pressed={c.code === currency}
                    onClick={() => choose(c.code)}
                  >
                    <span className="currency-picker__flag" aria-hidden="true">
                      {c.flag}
                    </span>
                    <span className="currency-picker__code">{c.code}</span>
                    <span className="currency-picker__name">{c.name}</span>
                    <span className="currency-picker__symbol" aria-hidden="true">
                      {c.symbol}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
