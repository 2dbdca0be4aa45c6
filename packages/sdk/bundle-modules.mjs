// The modules each browser bundle holds, bundled as build.mjs bundles it (BUNDLES, ESBUILD_OPTIONS),
// for the checks that reason about a bundle's contents (scripts/lint/sdk-bundle-properties.mjs).
import path from 'node:path';
import { build } from 'esbuild';
import { BUNDLES, ESBUILD_OPTIONS } from './bundle-options.mjs';

/**
 * Each bundle's file under dist/ and the modules esbuild put code of into it, as paths relative to
 * `root` (the repository). A module whose every export was shaken out (an index, a re-exported
 * validator) holds none of the bundle's code and is not listed.
 */
export async function bundleModules(root) {
  return Promise.all(
    BUNDLES.map(async ({ entry, file }) => {
      const entryPoint = path.join(path.dirname(new URL(import.meta.url).pathname), entry);
      const result = await build({ ...ESBUILD_OPTIONS, entryPoints: [entryPoint], absWorkingDir: root, metafile: true, logLevel: 'silent' });
      const [output] = Object.values(result.metafile.outputs);
      const modules = Object.entries(output?.inputs ?? {}).filter(([, { bytesInOutput }]) => bytesInOutput > 0);
      return { file, modules: modules.map(([module]) => module) };
    }),
  );
}
