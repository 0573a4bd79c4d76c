// Counted nouns in the shop's English: Intl.PluralRules picks "point" or "points" (the shop has no
// other UI language, so the forms are given, not looked up). Shared: the message catalogs here
// and the frontend count the same way.
const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** The form of a noun that goes with `count`: pluralOf(1, 'file', 'files') is 'file'. */
export const pluralOf = (count: number, one: string, other: string): string =>
  rules.select(count) === 'one' ? one : other;

/** The count and its noun: countOf(1500, 'point', 'points') is '1,500 points'. */
export const countOf = (count: number, one: string, other: string): string =>
  `${numbers.format(count)} ${pluralOf(count, one, other)}`;
