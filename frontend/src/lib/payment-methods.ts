// The payment methods checkout offers: the one list the payment step shows and the footer names.
// UPI and net banking exist only in rupees, so they are charged in INR (the server refuses others).

export type PaymentMethodId = 'card' | 'upi' | 'netbanking';

export interface PaymentMethod {
  id: PaymentMethodId;
  label: string;
  hint: string;
  /** The one currency the method charges in; any display currency when absent. */
  onlyIn?: 'INR';
}

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { id: 'card', label: 'Card', hint: 'Visa, Mastercard, American Express' },
  { id: 'upi', label: 'UPI', hint: 'Google Pay, PhonePe, Paytm, any UPI app', onlyIn: 'INR' },
  { id: 'netbanking', label: 'Net Banking', hint: 'All major Indian banks', onlyIn: 'INR' },
];

export const PAYMENT_METHOD_NAMES: readonly string[] = PAYMENT_METHODS.map((m) => m.label);
