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

/**
 * Properties of /mesura.js's own wiring that nothing outside the bundle reads by name: the options
 * and services its packages hand one another (the tag runtime's services and property config, the
 * analytics' and transport's options, the consent source, the hit as the encoder reads it, the
 * derived data-layer values, the page engagement's tracker and meter), never window.mesura's API,
 * mesuraConfig, the data layer, the snippet's queue or the CMP's answers. terser shortens them in
 * /mesura.js: 271 B gzip, part of the room the page's engagement hit needed. A name that a page,
 * another bundle, the browser or the bundle itself through a string (a data-element path, a
 * computed key) reads would break silently, so scripts/lint/sdk-bundle-properties.mjs (npm run
 * lint) checks each against the bundle's module graph, its neighbours' and the types it shares with
 * the page. Nothing the bundle stores carries them: a new build may shorten them differently.
 */
export const SDK_INTERNAL_PROPERTIES = [
  'accepted',
  'activityMapScriptUrl',
  'allowLocalhost',
  'assetsUrl',
  'audienceMeasurementScriptUrl',
  'audienceMeasurementVendorId',
  'audienceScriptUrl',
  'browserInfo',
  'caseInsensitive',
  'cleanText',
  'clickStore',
  'clientTime',
  'components',
  'conditions',
  'confirmWhileVisible',
  'consentChangedEvent',
  'consentReadyEvent',
  'consentSignal',
  'cookiesEnabled',
  'dataElements',
  'dataLayerVariables',
  'derived',
  'domainRefusal',
  'eVar',
  'eventId',
  'fire',
  'forceLowerCase',
  'getCustomerIds',
  'groupingCategoryFirst',
  'hosts',
  'isHidden',
  'isOnline',
  'java',
  'jsVersion',
  'lastRequestTime',
  'loadImage',
  'mayStore',
  'mediaScriptUrl',
  'onDrop',
  'operand',
  'pageOrigin',
  'pageViewed',
  'personalisationArticleIds',
  'personalisationVendorId',
  'propertyId',
  'scrolled',
  'services',
  'storageItem',
  'timezoneOffsetHours',
  'topicAreaFirst',
  'trackInlineStats',
  'variableMap',
  'vendorId',
  'videoAnalyticsVendorId',
  'webAnalyticsVendorId',
];

/** /mesura.js: TERSER_OPTIONS, and its wiring's properties shortened. */
export const SDK_TERSER_OPTIONS = {
  ...TERSER_OPTIONS,
  mangle: { ...TERSER_OPTIONS.mangle, properties: { keep_quoted: true, regex: new RegExp(`^(?:${SDK_INTERNAL_PROPERTIES.join('|')})$`) } },
};

/** Each bundle the server serves: the SDK, and the modules its property loads. */
export const BUNDLES = [
  { entry: 'src/browser.ts', file: 'dist/mesura.js', terser: SDK_TERSER_OPTIONS },
  { entry: 'src/activity-map-module.ts', file: 'dist/mesura-activity-map.js' },
  // The media tracker, its player adapters and the start hits; the media tracker rule loads it.
  { entry: 'src/media-module.ts', file: 'dist/mesura-media.js', terser: MEDIA_TERSER_OPTIONS },
  // The ID-sync frame's page side, loaded by /mesura.js 30 s after the start when a sync is due.
  { entry: 'src/id-sync-module.ts', file: 'dist/mesura-id-sync.js' },
  // Loaded by the head snippet when the stored choice allows personalisation.
  { entry: 'src/personalize-module.ts', file: 'dist/mesura-personalize.js' },
  // DOMPurify for untrusted offer HTML, loaded by the personalisation client beside its first request.
  { entry: 'src/sanitizer-module.ts', file: 'dist/mesura-sanitize.js' },
  // Inlined by the server into the site's <head>: the queue, the __tcfapi stub, the stored-choice check.
  { entry: 'src/head-snippet.ts', file: 'dist/mesura-head.js' },
  // The audience-management module; the audience-measurement rule loads it.
  { entry: 'src/audience-module.ts', file: 'dist/mesura-audience.js' },
  // The site property's custom scripts, served from the tag manager's asset host (/tags/mesura/assets/).
  { entry: '../site-property/src/custom-scripts/lectura-completa-browser.ts', file: 'dist/tag-assets/lectura-completa.js' },
  { entry: '../site-property/src/custom-scripts/interessos-browser.ts', file: 'dist/tag-assets/interessos.js' },
];
