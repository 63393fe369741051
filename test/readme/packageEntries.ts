import { readFileSync } from 'node:fs';

/** A public entry point of the package and the source file it is built from. */
export interface PackageEntry {
  /** What a host imports, e.g. `lender-insurance-react/server`. */
  specifier: string;
  /** The source file, relative to the repository root, e.g. `src/server/index.ts`. */
  source: string;
}

interface PackageJson {
  name: string;
  exports: Record<string, string | { types?: string; import?: string }>;
}

/**
 * Every entry point of `package.json` `exports` (`./package.json` aside), mapped from its built
 * file in `dist/` back to its source in `src/`, so new entries are covered without a list here.
 */
export function packageEntries(root: URL): PackageEntry[] {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as PackageJson;
  return Object.entries(pkg.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => {
      const built = typeof target === 'string' ? target : (target.types ?? target.import ?? '');
      return {
        specifier: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
        source: built.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'),
      };
    });
}
