/**
 * Builds the server into dist/main.js, what `npm start` runs (`node dist/main.js`): one ES module
 * with the server's and the contract's code, every package from node_modules left as an import.
 * Running it needs no TypeScript loader: about 40 MB less resident memory than under tsx and no
 * transpiling at start (BENCHMARKS.md). The migrations and the contract's locale files stay files,
 * read from the package folders (src/platform/paths.ts). Tests and `npm run dev` run the sources.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));

/** esbuild's options for the bundle (the startup test reads which packages it imports at start). */
export const serverBundle = {
  entryPoints: [here('src/main.ts')],
  outfile: here('dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-imports',
      setup(builder) {
        // a bare specifier is a package: external, unless it is one of our workspaces (TypeScript sources)
        builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@agora/') ? undefined : { external: true }));
      },
    },
  ],
};

/**
 * The operator commands (`npm run migrate`, `npm run admin`; src/cli), bundled the same way beside
 * the server: a production install has neither tsx nor the TypeScript sources to run them from.
 */
export const commandBundles = ['migrate', 'admin', 'backup'].map((name) => ({ ...serverBundle, entryPoints: [here(`src/cli/${name}.ts`)], outfile: here(`dist/${name}.js`) }));

// built when run (`node build.mjs`, through a symbolic link too), not when the test imports the options
const runDirectly = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
if (runDirectly) await Promise.all([serverBundle, ...commandBundles].map((options) => build(options)));
