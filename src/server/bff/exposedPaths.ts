import { isPrototypeKey } from '../../core/isPrototypeKey.js';
import type { ExposedPaths } from '../../core/wire/WireShape.js';

export type { ExposedPaths } from '../../core/wire/WireShape.js';

const EMPTY: ExposedPaths = new Map();
const built = new WeakMap<readonly string[], ExposedPaths>();

type Tree = Map<string, Tree | true>;

function build(paths: readonly string[]): ExposedPaths {
  const root: Tree = new Map();
  for (const path of paths) {
    const segments = path.split('.').filter((s) => s !== '');
    if (segments.some(isPrototypeKey)) continue;
    let node = root;
    for (const [i, segment] of segments.entries()) {
      if (i === segments.length - 1) {
        node.set(segment, true);
        break;
      }
      const next = node.get(segment);
      // A shorter path already exposes the whole value: the longer one adds nothing.
      if (next === true) break;
      const child: Tree = next ?? new Map();
      node.set(segment, child);
      node = child;
    }
  }
  return root;
}

/**
 * Reads dotted paths (`quotes.rating`: arrays are transparent) into {@link ExposedPaths}, once
 * per list.
 */
export function exposedPaths(paths: readonly string[] | undefined): ExposedPaths {
  if (!paths || paths.length === 0) return EMPTY;
  let tree = built.get(paths);
  if (!tree) {
    tree = build(paths);
    built.set(paths, tree);
  }
  return tree;
}
