import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './demo.css';

// The library's stylesheets in the order scripts/buildStyles.mjs concatenates them into
// dist/styles.css: the theme, then each component's and each flow's. Eager globs are hoisted
// above every import, in the order they are written, so the theme is a glob too.
import.meta.glob('../../src/styles.css', { eager: true });
import.meta.glob(['../../src/components/*/*.css', '../../src/flows/*/*.css'], { eager: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
