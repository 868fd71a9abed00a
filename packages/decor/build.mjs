/**
 * Builds the decoration app into dist/ (served by the server under /decor/). It shares the console's
 * toolchain and components: Vite and its plugins are the web workspace's own (one version to keep
 * up to date), loaded from there, and `@/…` imports resolve into packages/web/src.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const fromWeb = createRequire(new URL('../web/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(fromWeb.resolve(name)).href);
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

const { build } = await load('vite');
const react = (await load('@vitejs/plugin-react')).default;
const { compression } = await load('vite-plugin-compression2');

await build({
  configFile: false,
  root: here('.'),
  base: '/decor/',
  logLevel: 'warn',
  plugins: [
    react(),
    // As the console: every text asset also as .br and .gz, sent as the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  resolve: { alias: { '@': here('../web/src') } },
  build: { outDir: here('dist'), emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
