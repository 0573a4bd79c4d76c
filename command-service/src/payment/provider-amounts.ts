// Providers count money in the currency's smallest unit as they define it. The shop uses 2 decimals
// for every display currency but JPY and KRW (money.ts); Stripe and Razorpay give OMR 3 decimals
// (amounts in baisa, a multiple of 10), so OMR is scaled by 10 on the way out and back.
const THREE_DECIMAL = new Set(['OMR', 'BHD', 'JOD', 'KWD', 'TND']);

export const toProviderAmount = (minor: number, currency: string): number =>
  THREE_DECIMAL.has(currency.toUpperCase()) ? minor * 10 : minor;

export const fromProviderAmount = (amount: number, currency: string): number =>
  THREE_DECIMAL.has(currency.toUpperCase()) ? Math.round(amount / 10) : amount;
