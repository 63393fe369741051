// The build marks this entry 'use client' (vite.config.ts) so React Server Components frameworks
// treat everything it exports as client code.
export * from './adapter/index.js';
export * from './components/index.js';
export * from './core/index.js';
export * from './flows/index.js';
export * from './hooks/index.js';
