/**
 * What every FunnelStore does (store/funnel-store.ts): run by funnel-store-duckdb.test.ts and
 * postgres-funnel-store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FunnelDefinition } from '@mesura/protocol';
import type { FunnelStore } from '../../src/store/funnel-store.js';

export interface OpenedFunnelStore {
  store: FunnelStore;
  close(): Promise<void>;
}

const VISIT: FunnelDefinition = {
  id: 'portada-noticia',
  name: 'Portada i notícia',
  scope: 'visit',
  steps: [
    { type: 'page', name: 'Portada', url: 'https://www.mesura.cat/', match: 'exact' },
    { type: 'page', name: 'Notícia', url: '*/noticies/*', match: 'pattern' },
  ],
};
const WEEK: FunnelDefinition = { ...VISIT, id: 'a-la-setmana', name: 'A la setmana', scope: 'days', days: 7 };

export function funnelStoreContract(engine: string, open: () => Promise<OpenedFunnelStore>): void {
  describe(`the ${engine} funnel store`, () => {
    let opened: OpenedFunnelStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps funnels in id order, replaces one saved again, and deletes one', async () => {
      const { store } = opened;
      expect(await store.saveFunnel(VISIT, { atMs: 1_000, by: 'marta@example.cat' })).toBeUndefined();
      expect(await store.saveFunnel(WEEK, { atMs: 2_000, by: 'marta@example.cat' })).toBeUndefined();
      expect(await store.funnelDefinitions()).toEqual([WEEK, VISIT]);
      const renamed = { ...VISIT, name: 'De la portada a una notícia' };
      expect(await store.saveFunnel(renamed, { atMs: 3_000, by: 'anna@example.cat' })).toEqual(VISIT);
      expect(await store.funnelDefinition(VISIT.id)).toEqual(renamed);
      expect(await store.deleteFunnel(VISIT.id, { atMs: 4_000, by: 'anna@example.cat' })).toBe(true);
      expect(await store.deleteFunnel(VISIT.id, { atMs: 5_000, by: 'anna@example.cat' })).toBe(false);
      expect(await store.funnelDefinition(VISIT.id)).toBeUndefined();
      expect(await store.funnelDefinitions()).toEqual([WEEK]);
    });

    it('keeps every change with who made it, and a deleted funnel keeps its history', async () => {
      const { store } = opened;
      const threeDays = { ...WEEK, days: 3 };
      await store.saveFunnel(WEEK, { atMs: 1_000, by: 'marta@example.cat' });
      await store.saveFunnel(threeDays, { atMs: 2_000, by: 'anna@example.cat' });
      await store.deleteFunnel(WEEK.id, { atMs: 3_000, by: 'pau@example.cat' });
      expect(await store.funnelHistory(WEEK.id)).toEqual([
        { at: '1970-01-01T00:00:01.000Z', by: 'marta@example.cat', before: null, after: WEEK },
        { at: '1970-01-01T00:00:02.000Z', by: 'anna@example.cat', before: WEEK, after: threeDays },
        { at: '1970-01-01T00:00:03.000Z', by: 'pau@example.cat', before: threeDays, after: null },
      ]);
      expect(await store.funnelHistory('none')).toEqual([]);
    });
  });
}
