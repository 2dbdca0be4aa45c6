// One calendar day of the demo, sent: the visits' decisions first (their answers decide the click
// conversions), then every other request in time order, then the day is recorded as sent for the
// requests the server cannot de-duplicate (sent-days.mjs).
import { conversionAfter } from './experiments.mjs';
import { dayConsentRequests } from './consent.mjs';
import { randomFor } from './seeded.mjs';
import { dayVisits } from './visits.mjs';
import { visitBrowser } from './visitor-browser.mjs';

/** Requests built and sent at a time: a bound on memory, large enough to keep `concurrency` busy. */
const SEND_CHUNK_REQUESTS = 2_000;

/** Every request of `day` up to `untilMs`, unsent: `{decisions, requests}` (decisions apart: they are answered first). */
export function dayRequests(day, untilMs, options) {
  const { requests, visits } = dayVisits(day, { ...options, untilMs });
  const next = randomFor(day, 'consent');
  const beaconAt = (visit, consent) => {
    const out = [];
    const { page, atMs } = visit.pages[0];
    visitBrowser({ visitor: { ...visit.visitor, consent }, next, suite: options.suite, out }).pageView(page, atMs);
    return out;
  };
  const consent = dayConsentRequests(next, visits, options.tcString, beaconAt);
  const all = [...requests, ...consent].filter((r) => r.atMs < untilMs).sort((a, b) => a.atMs - b.atMs);
  return { decisions: visits.flatMap((visit) => visit.decisions.map((d) => ({ ...d, userAgent: visit.visitor.userAgent }))), requests: all };
}

/** Sends `day` (YYYY-MM-DD, up to `untilMs`) with `sender`; skips what `sentDays` says is there. */
export async function sendDay(day, untilMs, { sender, sentDays, ...options }) {
  const { decisions, requests } = dayRequests(day, untilMs, options);
  const due = (request) => sentDays.due(day, request);
  const conversions = [];
  await Promise.all(
    decisions.filter(due).map(async (decision) => {
      const answer = await sender.request(decision);
      const conversion = conversionAfter(decision, answer.body);
      if (conversion && conversion.atMs < untilMs) conversions.push(conversion);
    }),
  );
  const rest = [...requests.filter(due), ...conversions].sort((a, b) => a.atMs - b.atMs);
  for (let i = 0; i < rest.length; i += SEND_CHUNK_REQUESTS) {
    await Promise.all(rest.slice(i, i + SEND_CHUNK_REQUESTS).map((request) => sender.request(request)));
  }
  sentDays.markSent(day, untilMs);
  return decisions.length + rest.length;
}
