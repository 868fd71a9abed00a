import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Serves harness.html (src/harness/) for the e2e of widgets no screen uses yet, with `/api` sent
 * to the real server under test (HARNESS_API). Only the e2e starts it; `vite build` never sees it.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // its own dependency cache, so it never disturbs a developer's `vite` dev server
  cacheDir: 'node_modules/.vite-harness',
  server: { host: '127.0.0.1', proxy: { '/api': process.env.HARNESS_API ?? 'http://127.0.0.1:3000' } },
});
