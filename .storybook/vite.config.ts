import { defineConfig } from 'vite';

// Storybook's own Vite config: @storybook/react-vite adds the React plugin; nothing else needed.
export default defineConfig({});
