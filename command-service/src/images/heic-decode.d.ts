// heic-decode ships no types; this is the part of its API we use (v2).
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 8 bits a channel. */
    data: Uint8ClampedArray;
  }
  interface LazyImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Input {
    buffer: Uint8Array | ArrayBuffer;
  }
  function decode(input: Input): Promise<DecodedImage>;
  namespace decode {
    /** Every image of the file, sized but not yet decoded; dispose() frees libheif's memory. */
    function all(input: Input): Promise<LazyImage[] & { dispose(): void }>;
  }
  export default decode;
}
