/**
 * `POST /api/consent/choices` `{"choice": "accept-all" | "reject-all" | "custom"}` → 204: counts
 * one answer to the site's consent banner on its local day (MESURA_TIMEZONE) for the server's
 * report suite. Public, like the collector: a refusal must be countable without any identifier,
 * so nothing else of the request is read or kept (no cookie, address, user agent or referrer;
 * the address is used only, in memory, for its rate). Accepted from the site's origins or
 * without an Origin, as beacons are (http/cors.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Cors } from '../http/cors.js';
import { connectionAddressKey } from '../http/connection-guard.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { TokenBuckets } from '../http/token-buckets.js';
import { receivedAtOf, type Backfill } from '../ingest/backfill-key.js';
import { localDayIn } from '../local-day.js';
import { parseConsentChoice } from './consent-choice.js';
import { createConsentChoiceCounter } from './consent-choice-counter.js';
import { CONSENT_CHOICE_MAX_BODY_BYTES, CONSENT_CHOICES_BURST, CONSENT_CHOICES_PER_ADDRESS_PER_S, MAX_TRACKED_CONSENT_CHOICE_ADDRESSES } from './consent-choice-limits.js';
import type { ConsentChoiceTable } from '../store/consent-choice-table.js';

export const CONSENT_CHOICES_PATH = '/api/consent/choices';

export interface ConsentChoiceRouteDeps {
  /**
   * Where the counts go: the embedded store's `consent_choices` (consent-choice-table.ts), or
   * ClickHouse's on a deployment whose events are there (store/clickhouse/consent-choices-table.ts).
   */
  table: ConsentChoiceTable;
  cors: Cors;
  /** The server's report suite (MESURA_ENV's): the banner's page does not name one. */
  reportSuite: string;
  /** MESURA_TIMEZONE, where a choice's day is cut. */
  timeZone: string;
  now: () => number;
  /** The operator's backfill: its choices name their day and skip the address rate (ingest/backfill-key.ts). */
  backfill?: Backfill;
}

export async function consentChoiceRoutes(app: FastifyInstance, deps: ConsentChoiceRouteDeps): Promise<void> {
  const { table } = deps;
  await table.ensure();
  const counter = createConsentChoiceCounter((counts) => table.add(counts));
  // Before the store closes (app.ts closes it after the framework), every accepted choice is written.
  app.addHook('onClose', () => counter.close());
  const localDay = localDayIn(deps.timeZone);
  const buckets = new TokenBuckets({
    ratePerS: CONSENT_CHOICES_PER_ADDRESS_PER_S,
    burst: CONSENT_CHOICES_BURST,
    maxEntries: MAX_TRACKED_CONSENT_CHOICE_ADDRESSES,
  });

  app.post(CONSENT_CHOICES_PATH, { config: { access: 'public' }, bodyLimit: CONSENT_CHOICE_MAX_BODY_BYTES }, async (request, reply) => {
    const origin = request.headers.origin;
    if (!deps.cors.allows(origin)) {
      throw new HttpError(ERRORS.originNotAllowed, 'a consent choice must come from one of the site origins (MESURA_SITE_ORIGINS)');
    }
    const address = connectionAddressKey(request.ip);
    const backfilled = deps.backfill?.trusted(request.headers) === true;
    if (!backfilled && !buckets.take(address, deps.now())) {
      reply.header('Retry-After', String(buckets.secondsUntilToken(address)));
      throw new HttpError(ERRORS.tooManyRequests, 'too many consent choices from this address; retry later');
    }
    const parsed = parseConsentChoice(request.body);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    try {
      await counter.record({ day: localDay(receivedAtOf(request, deps)), reportSuite: deps.reportSuite, choice: parsed.value });
    } catch (error) {
      request.log.error({ err: error }, 'a consent choice could not be stored');
      throw new HttpError(ERRORS.storeUnavailable, 'the choice could not be stored; send it again');
    }
    reply.code(204).headers({ ...deps.cors.headers(origin), 'Cache-Control': 'no-store' });
    return reply.send();
  });
}
