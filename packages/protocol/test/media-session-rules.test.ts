import { describe, expect, it } from 'vitest';
import { isHeartbeatQuery } from '@mesura/protocol';

describe('isHeartbeatQuery (wire-formats §2)', () => {
  it.each([
    ['s:sc:rsid=x&s:event:type=play&l:event:ts=1', true],
    ['s:event:type=start', true],
    ['s%3Aevent%3Atype=play', true],
    ['S%3aEVENT%3atype=play', true],
  ])('recognises the heartbeat key in %j', (query, expected) => {
    expect(isHeartbeatQuery(query)).toBe(expected);
  });

  it.each([[''], ['utm_source=x'], ['x=s:event:type=play'], ['s:event:types=play'], ['as:event:type=play']])('does not take a page query %j for a heartbeat', (query) => {
    expect(isHeartbeatQuery(query)).toBe(false);
  });
});
