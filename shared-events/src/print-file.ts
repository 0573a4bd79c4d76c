// A line's print file as the server's renderer makes it (command-service images/print-render.ts)
// and the print-files ZIP lists it (query-service orders/print-files.ts): one shape for both.
export type Orientation = 'landscape' | 'portrait' | 'square';

export type PrintSource = 'original' | 'composite' | 'served copy' | 'slots';

export interface RenderedPrint {
  bytes: Buffer;
  widthPx: number;
  heightPx: number;
  /** The trimmed print, oriented as the file. */
  widthIn: number;
  heightIn: number;
  bleedPx: number;
  /** Source pixels per printed inch (floored); below 300 the file was enlarged. */
  effectiveDpi: number;
  orientation: Orientation;
  paper: string;
  source: PrintSource;
  sourceImageId: string;
  /** Why the source is not the recipe's original, when it is not. */
  note?: string;
}
