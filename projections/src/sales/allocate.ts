// Splits a whole amount over parts in proportion to their weights so that the parts add up to the
// amount exactly (largest remainder: each part gets the floor of its share, the units left go to
// the largest fractions, ties to the earlier part). Done on bigints, so it is exact at any size.

/** weights: non-negative whole numbers; all zero splits evenly. amount may be negative. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be a whole number');
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new RangeError('weights must be whole numbers >= 0');
  }
  if (amount < 0) return allocate(-amount, weights).map((part) => -part + 0);
  const even = weights.every((weight) => weight === 0);
  const w = weights.map((weight) => BigInt(even ? 1 : weight));
  const total = w.reduce((sum, weight) => sum + weight, 0n);
  const whole = BigInt(amount);
  const parts = w.map((weight) => (whole * weight) / total);
  const remainders = w.map((weight, index) => ({ index, remainder: (whole * weight) % total }));
  let left = whole - parts.reduce((sum, part) => sum + part, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index]! += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}
