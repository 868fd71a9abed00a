import type { BuildOptions } from 'esbuild';
/** esbuild's options for the server bundle (build.mjs). */
export declare const serverBundle: BuildOptions;
