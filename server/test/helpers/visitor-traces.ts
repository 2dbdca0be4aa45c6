import { expect } from 'vitest';
import { encodeDeliveryQuery } from '@mesura/protocol';
import { articleDeliveryRequest } from './delivery-request.js';
import { BROWSER_UA, beaconUrl, testHit, type TestServer } from './test-server.js';

/** The visitor of the replayed media scenarios (@mesura/test-utils media-scenarios): their heartbeats carry it. */
export const REPLAY_VISITOR = '0123456789ABCDEF-FEDCBA9876543210';
export const OTHER_VISITOR = '1F65FB944AFA1C05-25FBFAF16BF6E758';
/** The seeded activity of article 1001: a decision for its mbox records an impression. */
export const ARTICLE_ACTIVITY = 'titular-1001';

/** A page view of `visitor` on `suite`, received at the server's current clock. */
export async function sendPageView(t: TestServer, visitor: string, pageName: string, suite = 'mesuradev'): Promise<void> {
  const hit = testHit({ pageName, visitor: { fid: visitor } });
  const response = await t.server.app.inject({ url: beaconUrl(hit, 'page_view', [suite]), headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

/** A decision for article 1001 asked by `visitor` (its analytics id, mboxMCGVID): one impression. */
export async function askDecision(t: TestServer, visitor: string, timeMs: number): Promise<void> {
  const query = encodeDeliveryQuery(articleDeliveryRequest(timeMs, { visitorId: visitor }));
  const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${query}`, headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode, response.body).toBe(200);
}
