// How every browser bundle is built: esbuild resolves and tree-shakes into an es2020 IIFE, terser
// minifies (about 5 % smaller gzip than esbuild's own minifier on /mesura.js; 5 passes instead of 3
// took 22 B more off /mesura-personalize.js). Shared by build.mjs and bench/peers/bundle.mjs, which
// bundles other libraries the same way to compare them.

/** esbuild's options, without the entry. */
export const ESBUILD_OPTIONS = {
  bundle: true,
  write: false,
  minifySyntax: true,
  format: 'iife',
  target: ['es2020'],
  platform: 'browser',
  conditions: ['mesura-source'],
  legalComments: 'none',
  logLevel: 'warning',
};

/** terser's options. */
export const TERSER_OPTIONS = {
  ecma: 2020,
  toplevel: true,
  compress: { passes: 5, pure_getters: true, unsafe_arrows: true },
  mangle: { toplevel: true },
  format: { comments: false },
};
