import { decodeBeacon } from '@mesura/protocol';
import { describe, expect, it } from 'vitest';
import { testPipeline } from '../helpers/test-pipeline.js';
import { beaconUrl, testHit } from '../helpers/test-server.js';

const pipeline = testPipeline();

/** The stored row of the beacon at `url`. */
function rowOf(url: string) {
  const q = url.indexOf('?');
  const [rawPath, rawParams] = [url.slice(0, q), url.slice(q + 1)];
  const decoded = decodeBeacon(rawPath, rawParams);
  if (!decoded.ok) throw new Error(decoded.reason);
  return pipeline(decoded.value, { receivedAtMs: 1_763_884_800_000, ip: '192.0.2.1', userAgent: undefined, rawPath, rawParams })[0]!;
}

describe('pipeline: slots the variable map does not name', () => {
  it('keeps them apart under their slot names, and the named ones under their names alone', () => {
    // The site's map names v1 and c1 (section), v0 (campaign) and v8; not c6, v120, h1 or l2.
    const row = rowOf(
      beaconUrl(
        testHit({ props: { 1: 'noticies', 6: 'prop sense nom' }, eVars: { 0: 'campanya', 1: 'noticies', 8: 'noticia', 120: 'evar sense nom' }, hierarchies: { 1: 'a|b' }, lists: { 2: 'x,y' } }),
      ),
    );
    expect(JSON.parse(row.otherVariables)).toEqual({ c6: 'prop sense nom', v120: 'evar sense nom', h1: 'a|b', l2: 'x,y' });
    expect(row.variables).toMatchObject({ section: 'noticies', campaign: 'campanya' });
  });

  it('is an empty object when every slot is named', () => {
    expect(JSON.parse(rowOf(beaconUrl(testHit({ props: { 1: 'noticies' }, eVars: { 1: 'noticies' }, hierarchies: {}, lists: {} }))).otherVariables)).toEqual({});
  });
});
