/**
 * One visitor across the broadcaster's domains (spec §7 "Visitor identity"), in /mesura.js. Both
 * steps run only while web analytics is allowed (consent, no opt-out), as every cookie the SDK
 * writes does; the collector is `mesuraConfig.collector`, else the page's own origin.
 *
 * 1. A visitor new to this domain (no first-party id), on a domain other than the collector's: the
 *    collector's id (`GET /id?d_ts=` with credentials, at most 2000 ms) becomes theirs before the
 *    page's first hit, so the page views of both domains count one visitor.
 * 2. On every domain, when a sync is due (once a day), 30000 ms after the start (§9 throttle
 *    start): /mesura.js loads `/mesura-id-sync.js` (id-sync-module.ts), whose ID-sync frame gives
 *    the collector this page's id when it has none, which is how step 1 on the other domains finds
 *    it. A module of its own: most page views never need it, and none needs it sooner.
 */
import { ID_SYNC_THROTTLE_START_MS, adoptCollectorId, fetchCollectorIdentity, idSyncDue, storedVisitorId, type CookieJar } from '@mesura/identity';

export interface CrossDomainVisitorOptions {
  /** The collector's origin. */
  collectorOrigin: string;
  /** This page's origin. */
  pageOrigin: string;
  jar: CookieJar;
  /** Web analytics allowed now (consent, no opt-out). */
  allowed(): boolean;
  /** Write cookies with Secure. */
  secure: boolean;
}

/**
 * Step 1: undefined when there is nothing to ask, else a promise settled once the collector has
 * answered, failed or timed out; it never rejects.
 */
export function lookUpCollectorVisitor(options: CrossDomainVisitorOptions): Promise<void> | undefined {
  const { collectorOrigin, jar } = options;
  if (collectorOrigin === options.pageOrigin || !options.allowed() || storedVisitorId(jar) !== undefined) return undefined;
  return fetchCollectorIdentity({ collectorOrigin, nowMs: Date.now() }).then((answer) => {
    if (answer.ok && options.allowed()) adoptCollectorId(jar, answer.visitorId, options.secure);
  });
}

/** Step 2: loads the ID-sync module (`load`) after the throttle start, when a sync is due and allowed. */
export function scheduleIdSync(options: Pick<CrossDomainVisitorOptions, 'jar' | 'allowed'> & { load(): void; setTimer?(run: () => void, ms: number): unknown }): void {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  setTimer(() => {
    if (options.allowed() && idSyncDue(options.jar)) options.load();
  }, ID_SYNC_THROTTLE_START_MS);
}
