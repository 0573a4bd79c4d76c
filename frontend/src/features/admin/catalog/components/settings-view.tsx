// The shop's settings (API.md "Admin"): the free-shipping threshold (USD cents; the US and
// rest-of-world rules and the banner's default), each shipping country's fee (minor units of its
// currency) and delivery days, the trust copy and the currency rates; below, every change with
// who and when.
import { useState } from 'react';
import type { AdminSettings } from '@printshop/shared-events/api/catalog-admin';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import { serverMessageOr } from '@/lib/server-message';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import {
  useAdminSettings,
  useEditSettings,
  useSettingsHistory,
  type SettingsChange,
} from '../api/admin-catalog';
import { ChangeHistory } from './change-history';
import { changedRates, CurrencyRatesTable, type RateTexts } from './currency-rates-table';

export const SETTINGS_MESSAGES = {
  failed: 'Could not load the settings.',
  saveFailed: 'Could not save the settings.',
  saved: 'Saved: carts priced from now on use the new settings.',
  nothingChanged: 'Nothing to save: no setting was changed.',
} as const;

type Row = { fee: string; min: string; max: string };

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const [threshold, setThreshold] = useState(String(settings.freeShippingThresholdUsdCents));
  const [trust, setTrust] = useState(settings.trust);
  const [rows, setRows] = useState<Record<string, Row>>(
    Object.fromEntries(
      settings.shipping.map((s) => [
        s.country,
        { fee: String(s.feeMinor), min: String(s.estimatedDays.min), max: String(s.estimatedDays.max) },
      ]),
    ),
  );
  const [rateTexts, setRateTexts] = useState<RateTexts>({});
  const [note, setNote] = useState<string>();
  const edit = useEditSettings();

  const change: SettingsChange = {};
  if (threshold !== String(settings.freeShippingThresholdUsdCents))
    change.freeShippingThresholdUsdCents = asNumber(threshold);
  const shipping: NonNullable<SettingsChange['shipping']> = {};
  for (const rule of settings.shipping) {
    const row = rows[rule.country]!;
    const same =
      row.fee === String(rule.feeMinor) &&
      row.min === String(rule.estimatedDays.min) &&
      row.max === String(rule.estimatedDays.max);
    if (!same) {
      shipping[rule.country] = {
        feeMinor: asNumber(row.fee),
        estimatedDays: { min: asNumber(row.min), max: asNumber(row.max) },
      };
    }
  }
  if (Object.keys(shipping).length > 0) change.shipping = shipping;
  const trustChange = Object.fromEntries(
    (['deliveryPromise', 'ratingText'] as const)
      .filter((field) => trust[field] !== settings.trust[field])
      .map((field) => [field, trust[field]]),
  );
  if (Object.keys(trustChange).length > 0) change.trust = trustChange;
  const rates = changedRates(settings.currencyRates, rateTexts);
  if (rates) change.currencyRates = rates;
  const fieldErrors = edit.error instanceof ApiError ? edit.error.fieldErrors : {};

  const save = () => {
    setNote(undefined);
    if (Object.keys(change).length === 0) return setNote(SETTINGS_MESSAGES.nothingChanged);
    edit.mutate(change, { onSuccess: () => setNote(SETTINGS_MESSAGES.saved) });
  };
  const setRow = (country: string, field: keyof Row, value: string) =>
    setRows((current) => ({ ...current, [country]: { ...current[country]!, [field]: value } }));
  const thresholdCents = Number(threshold);

  return (
    <form
      className="admin-form"
      aria-label="Edit settings"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Field
        label="Free-shipping threshold (USD cents)"
        inputMode="numeric"
        value={threshold}
        onChange={(e) => setThreshold(e.target.value)}
        hint={
          Number.isInteger(thresholdCents) && thresholdCents >= 0
            ? `${formatMoney(thresholdCents, 'USD')}: United States and rest of world; other countries keep their own.`
            : 'Whole USD cents, e.g. 5000 for $50.00.'
        }
      />
      <Field
        label="Delivery promise"
        value={trust.deliveryPromise}
        maxLength={500}
        onChange={(e) => setTrust((t) => ({ ...t, deliveryPromise: e.target.value }))}
      />
      <Field
        label="Rating text"
        value={trust.ratingText}
        maxLength={500}
        onChange={(e) => setTrust((t) => ({ ...t, ratingText: e.target.value }))}
      />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Shipping per country (fee in minor units of its currency)</caption>
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col">Fee</th>
              <th scope="col">Days min</th>
              <th scope="col">Days max</th>
            </tr>
          </thead>
          <tbody>
            {settings.shipping.map((rule) => (
              <tr key={rule.country}>
                <th scope="row">
                  {rule.countryName} ({rule.currency})
                </th>
                {(['fee', 'min', 'max'] as const).map((field) => (
                  <td key={field}>
                    <input
                      aria-label={`${rule.countryName} ${field === 'fee' ? 'fee' : `days ${field}`}`}
                      className="field__control"
                      inputMode="numeric"
                      size={6}
                      value={rows[rule.country]![field]}
                      onChange={(e) => setRow(rule.country, field, e.target.value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CurrencyRatesTable
        rates={settings.currencyRates}
        texts={rateTexts}
        errors={fieldErrors}
        onChange={(code, text) => setRateTexts((current) => ({ ...current, [code]: text }))}
      />
      {edit.isError && <Alert>{serverMessageOr(edit.error, SETTINGS_MESSAGES.saveFailed)}</Alert>}
      {note && <p role="status">{note}</p>}
      <Button type="submit" loading={edit.isPending}>
        Save settings
      </Button>
    </form>
  );
}

export function SettingsView() {
  const settings = useAdminSettings();
  const history = useSettingsHistory();
  return (
    <AdminPage title="Settings">
      <QueryState query={settings} failed={SETTINGS_MESSAGES.failed}>
        {(answer) => <SettingsForm settings={answer.settings} />}
      </QueryState>
      <h2>History</h2>
      <QueryState query={history} failed="Could not load the history.">
        {({ changes }) => <ChangeHistory changes={changes} label="Changes of the settings" />}
      </QueryState>
    </AdminPage>
  );
}
