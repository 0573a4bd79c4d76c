// The settings' currency rates (API.md "Admin", PATCH /api/admin/settings `currencyRates`): each
// non-USD display currency's units per 1 USD, one input per rate; the server's message for a rate
// (`currencyRates.EUR`) is shown on that rate's input.
import { CURRENCIES } from '@printshop/shared-events/rules/currencies';

export type RateTexts = Record<string, string>;

/** The non-USD codes, alphabetical, as the table lists them. */
export const rateCodes = (rates: Readonly<Record<string, number>>) =>
  Object.keys(rates)
    .filter((code) => code !== 'USD')
    .sort();

/** The rates whose text differs from the saved rate, as numbers (NaN when not a number: the server says why). */
export function changedRates(
  rates: Readonly<Record<string, number>>,
  texts: RateTexts,
): Record<string, number> | undefined {
  const changed: Record<string, number> = {};
  for (const code of rateCodes(rates)) {
    const text = texts[code] ?? String(rates[code]);
    if (text !== String(rates[code])) changed[code] = text.trim() === '' ? Number.NaN : Number(text);
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

export function CurrencyRatesTable({
  rates,
  texts,
  errors,
  onChange,
}: {
  rates: Readonly<Record<string, number>>;
  texts: RateTexts;
  errors: Readonly<Record<string, string>>;
  onChange: (code: string, text: string) => void;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Currency rates (units of each currency per 1 USD)</caption>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Current rate</th>
            <th scope="col">New rate</th>
          </tr>
        </thead>
        <tbody>
          {rateCodes(rates).map((code) => {
            const error = errors[`currencyRates.${code}`];
            return (
              <tr key={code} data-testid={`rate-row-${code}`}>
                <th scope="row">
                  {CURRENCIES.find((c) => c.code === code)?.name ?? code} ({code})
                </th>
                <td>{rates[code]}</td>
                <td>
                  <input
                    aria-label={`${code} per USD`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `rate-error-${code}` : undefined}
                    className="field__control"
                    inputMode="decimal"
                    size={10}
                    value={texts[code] ?? String(rates[code])}
                    onChange={(e) => onChange(code, e.target.value)}
                  />
                  {error && (
                    <p id={`rate-error-${code}`} className="field__error" role="alert">
                      {error}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
