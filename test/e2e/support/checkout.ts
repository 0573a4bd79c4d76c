// The checkout form as a shopper fills it in, shared by the journeys that reach the payment step.
import type { Page } from 'playwright-core';

/** A form control by its visible label (required fields end with a decorative ' *'). */
export const labelled = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

/** Types a US delivery address (Springfield, IL) into the checkout's address step. */
export async function fillUsAddress(page: Page, fullName: string): Promise<void> {
  await labelled(page, 'Full name').fill(fullName);
  await labelled(page, 'Phone number').fill('202 555 0100');
  await labelled(page, 'Address line 1').fill('1 Main St');
  await labelled(page, 'City').fill('Springfield');
  await labelled(page, 'State').selectOption('IL');
  await labelled(page, 'ZIP Code').fill('62701');
}
