// The jobs bench/peers.mjs compares: for each, the bundles Mesura serves for it and, per peer, the
// entry under bench/peers/entries/ doing the same job with that peer's npm packages (or why none can).

/**
 * Mesura's bundles, as packages/sdk/build.mjs writes them into packages/sdk/dist (`file`) from its
 * sources (`entry`, relative to packages/sdk).
 */
export const MESURA_BUNDLES = {
  /** Inlined by the server into every page's <head>: the queue, the __tcfapi stub, the stored-choice check; loads the rest. */
  head: { file: 'mesura-head.js', entry: 'src/head-snippet.ts' },
  /** Identity, analytics and the rules runtime: page views and the property's direct calls. */
  sdk: { file: 'mesura.js', entry: 'src/browser.ts' },
  /** Link clicks (activity map, downloads, exit links, sister domains), loaded by a rule on every page with consent. */
  links: { file: 'mesura-activity-map.js', entry: 'src/activity-map-module.ts' },
  /** The media tracker and its HTML5 and hls.js adapters, loaded on pages with a player. */
  media: { file: 'mesura-media.js', entry: 'src/media-module.ts' },
  /** The personalisation client: decisions, offers, exposures. */
  personalize: { file: 'mesura-personalize.js', entry: 'src/personalize-module.ts' },
  /** DOMPurify for the offers' HTML, loaded by the personalisation client beside its first request. */
  sanitize: { file: 'mesura-sanitize.js', entry: 'src/sanitizer-module.ts' },
};

const { head, sdk, links, media, personalize, sanitize } = MESURA_BUNDLES;
const NO_MEDIA = 'no media tracking';

/**
 * Each job: what it covers, Mesura's bundles for it, and each peer's entry (`entry`) or the reason it
 * has none (`none`). A peer that needs a second tool for the job is named with both.
 */
export const JOBS = [
  {
    name: 'page views',
    mesura: [head, sdk],
    peers: [
      { name: 'Snowplow', entry: 'snowplow-page-views.js' },
      { name: 'PostHog', entry: 'posthog-page-views.js' },
      { name: 'PostHog slim', entry: 'posthog-slim-page-views.js' },
      { name: 'Plausible', entry: 'plausible-page-views.js' },
    ],
  },
  {
    name: 'page views + links',
    mesura: [head, sdk, links],
    peers: [
      { name: 'Snowplow', entry: 'snowplow-links.js' },
      { name: 'PostHog', entry: 'posthog-links.js' },
      { name: 'PostHog slim', entry: 'posthog-slim-links.js' },
      { name: 'Plausible', entry: 'plausible-links.js' },
    ],
  },
  {
    name: 'page views + links + media',
    mesura: [head, sdk, links, media],
    peers: [
      { name: 'Snowplow', entry: 'snowplow-media.js' },
      { name: 'PostHog', none: NO_MEDIA },
      { name: 'Plausible', none: NO_MEDIA },
    ],
  },
  {
    name: 'page views + links + A/B testing',
    mesura: [head, sdk, links, personalize, sanitize],
    peers: [
      { name: 'Snowplow + GrowthBook', entry: 'snowplow-growthbook-ab.js' },
      { name: 'PostHog', entry: 'posthog-ab.js' },
      { name: 'PostHog slim', entry: 'posthog-slim-ab.js' },
      { name: 'Plausible + GrowthBook', entry: 'plausible-growthbook-ab.js' },
    ],
  },
  {
    name: 'A/B testing alone',
    mesura: [head, personalize, sanitize],
    peers: [{ name: 'GrowthBook', entry: 'growthbook-ab.js' }],
  },
  {
    name: 'whole stack (all of the above)',
    mesura: [head, sdk, links, media, personalize, sanitize],
    peers: [
      { name: 'Snowplow + GrowthBook', entry: 'snowplow-growthbook-whole.js' },
      { name: 'PostHog', none: NO_MEDIA },
      { name: 'Plausible + GrowthBook', none: NO_MEDIA },
    ],
  },
];

/** Printed under the table: what the figures count and leave out. */
export const NOTES = [
  "Mesura's head snippet is inlined in each page; it is counted gzipped on its own, as bench/sdk-size.mjs counts it.",
  'Each Mesura bundle is gzipped on its own (as served); each peer job is one bundle, so code shared by its packages counts once.',
  "PostHog fetches further scripts from its host at run time when the project's remote settings ask (replay, surveys…): not counted.",
  "Snowplow's media plugin has no player adapter: the HTML5 wiring (bench/peers/glue/) is counted; Mesura's adapters are in its bundle.",
];
