// The flat colours that mark photo slots on a template picture (spec 2 §9 colour-based detection).
// Slot N is painted in colour N-1, so the colours also say the slots' order. Template decoration
// never uses these colours over a large area.
export const ZONE_PALETTE: readonly (readonly [number, number, number])[] = [
  [230, 25, 75], // 1 red
  [60, 180, 75], // 2 green
  [67, 99, 216], // 3 blue
  [245, 130, 49], // 4 orange
  [145, 30, 180], // 5 purple
  [66, 212, 244], // 6 cyan
  [240, 50, 230], // 7 magenta
  [191, 239, 69], // 8 lime
  [70, 153, 144], // 9 teal
  [154, 99, 36], // 10 brown
];

export const paletteHex = (index: number): string => {
  const colour = ZONE_PALETTE[index];
  if (!colour) throw new Error(`No zone colour for slot ${index + 1}`);
  return `#${colour.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
};
