// How every browser bundle is built: esbuild resolves and tree-shakes into an es2020 IIFE, terser
// minifies (about 5 % smaller gzip than esbuild's own minifier on /mesura.js; 5 passes instead of 3
// took 22 B more off /mesura-personalize.js; inlining only simple functions, `inline: 1`, took 39 B
// off /mesura-media.js, 21 off /mesura.js and 17 off /mesura-personalize.js, and added 7 to
// /mesura-sanitize.js: gzip finds a function called twice cheaper than its body written twice).
// Shared by build.mjs and bench/peers/bundle.mjs, which bundles other libraries the same way to
// compare them.

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
  compress: { passes: 5, pure_getters: true, unsafe_arrows: true, inline: 1 },
  mangle: { toplevel: true },
  format: { comments: false },
};

/**
 * Properties of the media tracker's own working state that nothing outside the tracker reads by
 * name: no page, no wire format, no DOM API, no other bundle (packages/media/src: Reported,
 * PlayheadPoll, Outgoing and the session's flags and timers in tracker-state.ts, Readings,
 * TrackerSettings, Setup's derived fields, StepContext, CloseOptions, the work queue, the input
 * checks' FieldSpec and Checked, and players/playback-driver.ts's Driver). terser shortens them in
 * /mesura-media.js: 288 B gzip, which the tracker's outbox, close rules and playhead poll (RULES
 * 1-6, 23-25 of shared/reference/media-traces) needed to stay in its budget. A name that a page,
 * the wire or /mesura.js reads would break silently, so scripts/lint/media-bundle-properties.mjs
 * (npm run lint) checks that each is declared in packages/media/src and used as a property nowhere else: no other
 * package, no page of apps/site, no DOM or ECMAScript type. (terser leaves DOM property names, such
 * as `effects` or `seeking`, as they are even when listed.)
 */
export const MEDIA_STATE_PROPERTIES = [
  'analyticsServer',
  'analyticsSsl',
  'announced',
  'atMs',
  'buffering',
  'deps',
  'disabledUntil',
  'driver',
  'early',
  'final',
  'freshId',
  'ignoredWith',
  'inSession',
  'lastHbTs',
  'lastPlayhead',
  'measurementVersion',
  'nextAt',
  'nextPeriodicAt',
  'nextSettingsCheckAt',
  'nextStateId',
  'openingOf',
  'outbox',
  'playRequestedAt',
  'prerollDueAt',
  'prerollWaitMs',
  'progressSeen',
  'pushedPlayhead',
  'pushedQoS',
  'qosAtLastHb',
  'queuedAt',
  'rates',
  'readings',
  'refuse',
  'reported',
  'seekStart',
  'setup',
  'setupCheckIntervalMs',
  'since',
  'stalledPolls',
  'startupMs',
  'startupSeconds',
  'takeAll',
  'trackingIntervalMs',
  'untilMs',
  'warnings',
  'withdrawnByAdStart',
];

/** /mesura-media.js: TERSER_OPTIONS, and the tracker's state properties shortened. */
export const MEDIA_TERSER_OPTIONS = {
  ...TERSER_OPTIONS,
  mangle: { ...TERSER_OPTIONS.mangle, properties: { keep_quoted: true, regex: new RegExp(`^(?:${MEDIA_STATE_PROPERTIES.join('|')})$`) } },
};
