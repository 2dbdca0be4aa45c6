// Types of bundle-options.mjs, for the tests that read it (test/bundle-options.test.ts).
import type { BuildOptions } from 'esbuild';
import type { MinifyOptions } from 'terser';

export declare const ESBUILD_OPTIONS: BuildOptions;
export declare const TERSER_OPTIONS: MinifyOptions;
export declare const MEDIA_STATE_PROPERTIES: readonly string[];
export declare const MEDIA_TERSER_OPTIONS: MinifyOptions;
