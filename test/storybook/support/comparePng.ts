import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** How two pictures of a story compare. */
export interface Comparison {
  /** Pixels that differ (all of them when the sizes differ). */
  differing: number;
  /** Of all pixels, as a fraction. */
  ratio: number;
  /** The sizes, when they differ: `1024×600 → 1024×640`. */
  sizeChange: string | undefined;
  /** The baseline in grey with the differing pixels in red; `undefined` when the sizes differ. */
  diff: Buffer | undefined;
}

/** Per-pixel colour tolerance (pixelmatch's `threshold`: 0 exact, 1 anything). */
export const PIXEL_THRESHOLD = 0.1;

/** Share of differing pixels above which a story's picture has changed: 0.1 %. */
export const MAX_DIFF_RATIO = 0.001;

/** Compares a new picture with the baseline, pixel by pixel (pixelmatch). */
export function comparePng(baseline: Buffer, actual: Buffer): Comparison {
  const before = PNG.sync.read(baseline);
  const after = PNG.sync.read(actual);
  if (before.width !== after.width || before.height !== after.height) {
    return {
      differing: after.width * after.height,
      ratio: 1,
      sizeChange: `${before.width}×${before.height} → ${after.width}×${after.height}`,
      diff: undefined,
    };
  }
  const { width, height } = before;
  const diff = new PNG({ width, height });
  const differing = pixelmatch(before.data, after.data, diff.data, width, height, {
    threshold: PIXEL_THRESHOLD,
  });
  return {
    differing,
    ratio: differing / (width * height),
    sizeChange: undefined,
    diff: differing > 0 ? PNG.sync.write(diff) : undefined,
  };
}
