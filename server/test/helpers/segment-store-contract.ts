/**
 * What every SegmentStore does (store/segment-store.ts): run by segment-store-duckdb.test.ts and
 * postgres-segment-store.test.ts. A segment is kept with its owner, whoever changes it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredSegment } from '@mesura/protocol';
import type { SegmentStore } from '../../src/store/segment-store.js';

export interface OpenedSegmentStore {
  store: SegmentStore;
  close(): Promise<void>;
}

const PHONES: StoredSegment = {
  id: 'mobils',
  name: 'Mòbils',
  shared: false,
  match: 'all',
  groups: [{ match: 'all', conditions: [{ type: 'visit', attribute: 'device', value: 'mobile' }] }],
  owner: 'pau@example.cat',
};
const VOTERS: StoredSegment = { ...PHONES, id: 'votants', name: 'Votants', shared: true, groups: [{ match: 'any', conditions: [{ type: 'call', call: '15' }] }] };

export function segmentStoreContract(engine: string, open: () => Promise<OpenedSegmentStore>): void {
  describe(`the ${engine} segment store`, () => {
    let opened: OpenedSegmentStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps segments with their owner in id order, replaces one saved again, and deletes one', async () => {
      const { store } = opened;
      expect(await store.saveSegment(VOTERS, { atMs: 1_000, by: 'pau@example.cat' })).toBeUndefined();
      expect(await store.saveSegment(PHONES, { atMs: 2_000, by: 'pau@example.cat' })).toBeUndefined();
      expect(await store.segmentDefinitions()).toEqual([PHONES, VOTERS]);
      const shared = { ...PHONES, shared: true };
      expect(await store.saveSegment(shared, { atMs: 3_000, by: 'marta@example.cat' })).toEqual(PHONES);
      expect(await store.segmentDefinition(PHONES.id)).toEqual(shared);
      expect(await store.deleteSegment(PHONES.id, { atMs: 4_000, by: 'pau@example.cat' })).toBe(true);
      expect(await store.deleteSegment(PHONES.id, { atMs: 5_000, by: 'pau@example.cat' })).toBe(false);
      expect(await store.segmentDefinitions()).toEqual([VOTERS]);
    });

    it('keeps every change with who made it, and a deleted segment keeps its history', async () => {
      const { store } = opened;
      const renamed = { ...VOTERS, name: 'Han votat' };
      await store.saveSegment(VOTERS, { atMs: 1_000, by: 'pau@example.cat' });
      await store.saveSegment(renamed, { atMs: 2_000, by: 'marta@example.cat' });
      await store.deleteSegment(VOTERS.id, { atMs: 3_000, by: 'pau@example.cat' });
      expect(await store.segmentHistory(VOTERS.id)).toEqual([
        { at: '1970-01-01T00:00:01.000Z', by: 'pau@example.cat', before: null, after: VOTERS },
        { at: '1970-01-01T00:00:02.000Z', by: 'marta@example.cat', before: VOTERS, after: renamed },
        { at: '1970-01-01T00:00:03.000Z', by: 'pau@example.cat', before: renamed, after: null },
      ]);
      expect(await store.segmentHistory('none')).toEqual([]);
    });
  });
}
