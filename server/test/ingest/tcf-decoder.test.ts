import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as consent from '@mesura/consent';
import { VENDOR_IDS } from '@mesura/consent';
import { createTcfDecoder } from '../../src/ingest/tcf-decoder.js';
import { tcString } from '../helpers/tc-strings.js';

vi.mock('@mesura/consent', async (importOriginal) => {
  const original = await importOriginal<typeof import('@mesura/consent')>();
  return { ...original, decodeStored: vi.fn(original.decodeStored) };
});

const MS_PER_DAY = 86_400_000;
const CHOSEN_AT = Date.UTC(2026, 10, 23, 10, 0, 0);
const decodeStored = vi.mocked(consent.decodeStored);
const stringOf = (vendor: number) => tcString({ purposes: [1, 8], vendors: [vendor] }, CHOSEN_AT);

beforeEach(() => {
  decodeStored.mockClear();
});

describe('the collector’s TC string decoder', () => {
  it('decodes a string once for every hit of a day that carries it', () => {
    const decode = createTcfDecoder();
    const tc = stringOf(VENDOR_IDS['web-analytics']);
    for (let hit = 0; hit < 5; hit++) expect(decode(tc, CHOSEN_AT + hit * 1000)).toMatchObject({ ok: true });
    expect(decodeStored).toHaveBeenCalledTimes(1);
  });

  it('keeps at most its named number of strings, dropping the least recently used', () => {
    const decode = createTcfDecoder(2);
    const [a, b, c] = [1001, 1002, 1003].map(stringOf) as [string, string, string];
    decode(a, CHOSEN_AT);
    decode(b, CHOSEN_AT);
    decode(a, CHOSEN_AT);
    decode(c, CHOSEN_AT); // drops b, the least recently used
    decode(a, CHOSEN_AT);
    expect(decodeStored).toHaveBeenCalledTimes(3);
    decode(b, CHOSEN_AT);
    expect(decodeStored).toHaveBeenCalledTimes(4);
  });

  it('checks a kept string again on a later day, so that it expires after the consent’s maximum age', () => {
    const decode = createTcfDecoder();
    const tc = stringOf(VENDOR_IDS['web-analytics']);
    expect(decode(tc, CHOSEN_AT + 389 * MS_PER_DAY)).toMatchObject({ ok: true });
    expect(decode(tc, CHOSEN_AT + 391 * MS_PER_DAY)).toEqual({ ok: false, reason: 'expired: older than 13 months' });
  });
});
