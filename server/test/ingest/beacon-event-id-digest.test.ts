import { createHash } from 'node:crypto';
import { decodeBeacon } from '@mesura/protocol';
import { describe, expect, it } from 'vitest';
import { testPipeline } from '../helpers/test-pipeline.js';
import { beaconUrl, testHit } from '../helpers/test-server.js';

const pipeline = testPipeline();

/** The event id the pipeline gives the beacon at `url`, as received at `receivedAtMs`. */
function eventIdOf(url: string, receivedAtMs = 1_763_884_800_000): string {
  const q = url.indexOf('?');
  const [rawPath, rawParams] = [url.slice(0, q), url.slice(q + 1)];
  const decoded = decodeBeacon(rawPath, rawParams);
  if (!decoded.ok) throw new Error(decoded.reason);
  return pipeline(decoded.value, { receivedAtMs, ip: '192.0.2.1', userAgent: undefined, rawPath, rawParams })[0]!.eventId;
}

describe('pipeline: the event id of a beacon without one (retries are stored once)', () => {
  it('is the SHA-1 of its path, "?" and parameters, base64url, whenever it arrives', () => {
    const url = beaconUrl(testHit({ eventId: undefined, pageName: 'mesura:portada' }));
    const q = url.indexOf('?');
    const expected = createHash('sha1')
      .update(url.slice(0, q))
      .update('?')
      .update(url.slice(q + 1))
      .digest('base64url');
    expect(eventIdOf(url)).toBe(expected);
    expect(eventIdOf(url, 1_763_884_860_000)).toBe(expected);
  });

  it('differs between two beacons that differ in one parameter, text beyond ASCII included', () => {
    const first = beaconUrl(testHit({ eventId: undefined, pageName: 'mesura:notícia-1' }));
    const second = beaconUrl(testHit({ eventId: undefined, pageName: 'mesura:notícia-2' }));
    expect(eventIdOf(first)).not.toBe(eventIdOf(second));
  });

  it('is the beacon’s own id when it names one', () => {
    expect(eventIdOf(beaconUrl(testHit({ eventId: 'e-42' })))).toBe('e-42');
  });
});
