import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/styles.css';
import { App } from './App.js';
import './demo.css';

// The component and flow stylesheets, as scripts/buildStyles.mjs concatenates them into dist/styles.css.
import.meta.glob(['../../src/components/*/*.css', '../../src/flows/*/*.css'], { eager: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
