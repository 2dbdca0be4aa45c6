/**
 * The report suites of the site, one per environment (spec §9: "separate report suites for
 * staging, production and development"), and the environment a process runs in.
 */
import { unknownEnvironment } from './errors.js';

/** Where a build or a server runs. */
export type Environment =
  /** A developer's machine; the default. */
  | 'development'
  /** The pre-production site. */
  | 'staging'
  /** The public site. */
  | 'production';

// Pure for the bundler, so that a bundle that never reads the suites does not carry them.
export const REPORT_SUITES: Record<Environment, string> = /* @__PURE__ */ Object.freeze({
  development: 'mesuradev',
  staging: 'mesurastg',
  production: 'mesuraprod',
});

/**
 * The property id of the site's second account (type ga) per environment: the collector accepts
 * these as suites too. The SDK's SITE_ACCOUNTS (packages/site-property) writes them as literals, which keeps
 * its bundle smaller; a test of packages/tags holds the two equal.
 */
export const GA_PROPERTY_IDS: Record<Environment, string> = /* @__PURE__ */ Object.freeze({
  development: 'G-MESURADEV',
  staging: 'G-MESURASTG',
  production: 'G-MESURAPROD',
});

const DEFAULT_ENVIRONMENT: Environment = 'development';

/**
 * Reads an environment name, e.g. from `MESURA_ENV`. Unset or empty means development; any other
 * value throws, because a typo would otherwise send production traffic to the development suite.
 */
export function parseEnvironment(value: string | undefined): Environment {
  if (value === undefined || value === '') return DEFAULT_ENVIRONMENT;
  if (Object.hasOwn(REPORT_SUITES, value)) return value as Environment;
  throw new Error(unknownEnvironment(value));
}
