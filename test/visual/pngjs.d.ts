// The part of pngjs (which ships no types) that the visual regression uses.
declare module 'pngjs' {
  /** A decoded PNG: its size and its RGBA pixels, 4 bytes each. */
  export class PNG {
    constructor(options: { width: number; height: number });
    width: number;
    height: number;
    data: Buffer;
    static sync: {
      read(buffer: Buffer): PNG;
      write(png: PNG): Buffer;
    };
  }
}
