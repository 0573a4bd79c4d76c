// The currency picker's panel (spec 1 §2): search by code or name, case-insensitive, popular
// currencies first, and 'No currencies found for "{query}"' when nothing matches.
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  POPULAR_CURRENCIES,
  noCurrenciesFound,
  searchCurrencies,
  type Currency,
  type CurrencyCode,
} from '@printshop/shared-events/rules/currencies';
import { moveFocus } from '@/lib/use-dismiss';

function ordered(list: Currency[]): Currency[] {
  const popular = (c: Currency) => {
    const i = POPULAR_CURRENCIES.indexOf(c.code);
    return i === -1 ? POPULAR_CURRENCIES.length : i;
  };
  return [...list].sort((a, b) => popular(a) - popular(b));
}

/** Scrolls the list itself (never the page) just enough to show the chosen option. */
function revealChosen(list: HTMLUListElement | null) {
  const chosen = list?.querySelector<HTMLElement>('.currency-picker__option[aria-pressed="true"]');
  if (!list || !chosen) return;
  // The list is positioned (currency-picker.css), so the option's offsetTop is measured from it.
  const top = chosen.offsetTop;
  const bottom = top + chosen.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

export function CurrencyPickerPanel({
  id,
  currency,
  onChoose,
}: {
  id: string;
  currency: CurrencyCode;
  onChoose: (code: CurrencyCode) => void;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const results = useMemo(() => ordered(searchCurrencies(query)), [query]);
  const list = useRef<HTMLUListElement>(null);
  // On opening, the chosen currency shows even when it is far down the scrolling list.
  useLayoutEffect(() => revealChosen(list.current), []);
  return (
    <div
      id={id}
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
        <ul ref={list} className="currency-picker__list" aria-label="Currencies">
          {results.map((c) => (
            <li key={c.code}>
              <button
                type="button"
                className="currency-picker__option"
                aria-pressed={c.code === currency}
                onClick={() => onChoose(c.code)}
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
  );
}
