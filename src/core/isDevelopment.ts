/**
 * Whether the page runs a development build, for warnings meant for the developer only.
 * Bundlers (Vite, webpack, Next.js, esbuild) replace `process.env.NODE_ENV` with a string, as the
 * React Query peer already requires; read directly rather than behind `typeof process`, which
 * Vite leaves to the browser, where it is `undefined` even in development. Without a bundler, in
 * a browser, `process` does not exist: no warnings.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}
