// Types of bundle-options.mjs, for the tests that read it (test/bundle-options.test.ts).
import type { BuildOptions } from 'esbuild';
import type { MinifyOptions } from 'terser';

export declare const ESBUILD_OPTIONS: BuildOptions;
export declare const TERSER_OPTIONS: MinifyOptions;
export declare const MEDIA_STATE_PROPERTIES: readonly string[];
export declare const MEDIA_TERSER_OPTIONS: MinifyOptions;
export declare const SDK_INTERNAL_PROPERTIES: readonly string[];
export declare const SDK_TERSER_OPTIONS: MinifyOptions;
/** A bundle of build.mjs: its entry (from packages/sdk), its file under dist/, its terser options when not TERSER_OPTIONS. */
export declare const BUNDLES: readonly { entry: string; file: string; terser?: MinifyOptions }[];
