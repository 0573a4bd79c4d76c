// One field of a CSV file the lab opens in a spreadsheet. RFC 4180: a field with a comma, quote or
// line break is quoted, its quotes doubled. A text that a spreadsheet would run as a formula (it
// starts with = + - @, a tab or a carriage return: OWASP's "CSV injection") is written with a
// leading apostrophe, so a product name such as =HYPERLINK(...) shows as text. Numbers stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
