import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser app goes to dist/client; the server (tsconfig.server.json) to dist/server.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client' },
});
