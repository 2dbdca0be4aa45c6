/**
 * §5 "Setup needs a measurement object, a visitor with organization ID, a delegate, and a config
 * with trackingServer". Every problem is returned, so that one log shows them all.
 */
import type { MediaConfig, MediaDelegate } from './config.js';
import type { MediaDeps } from './deps.js';
import { ANALYTICS_MODULE_MISSING, DELEGATE_INCOMPLETE, VISITOR_MISSING, analyticsNeeds, configNeeds } from './errors.js';

const REQUIRED_CONFIG: readonly [keyof MediaConfig, string][] = [
  ['trackingServer', 'a host name'],
  ['publisher', 'the organisation id'],
  ['playerName', 'a non-empty string'],
];

export function setupProblems(config: unknown, delegate: unknown, deps: MediaDeps): string[] {
  const problems = configProblems(config);
  const d = delegate as Partial<MediaDelegate> | null | undefined;
  if (typeof d?.getCurrentPlaybackTime !== 'function' || typeof d.getQoSObject !== 'function') {
    problems.push(DELEGATE_INCOMPLETE);
  }
  if (typeof deps.visitor?.visitorId !== 'function') problems.push(VISITOR_MISSING);
  const analytics = deps.analytics;
  if (typeof analytics?.mediaStart !== 'function' || typeof analytics.adStart !== 'function') {
    problems.push(ANALYTICS_MODULE_MISSING);
  } else {
    // §5 "account id and tracking server are checked".
    if (!nonEmpty(analytics.reportSuite)) problems.push(analyticsNeeds('reportSuite'));
    if (!nonEmpty(analytics.trackingServer)) problems.push(analyticsNeeds('trackingServer'));
  }
  return problems;
}

function configProblems(config: unknown): string[] {
  const c = (config !== null && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const problems: string[] = [];
  // The optional fields need no check: the wire writes any value as text, and only `ssl: false`
  // and `debug: true` change anything.
  for (const [field, what] of REQUIRED_CONFIG) if (!nonEmpty(c[field])) problems.push(configNeeds(field, what));
  return problems;
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
