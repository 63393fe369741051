import type { NextConfig } from 'next';

const config: NextConfig = {
  // This folder is an app of its own: never let Next.js adopt a lockfile further up (the
  // library's repository) as the workspace root and resolve React from there.
  turbopack: { root: import.meta.dirname },
};

export default config;
