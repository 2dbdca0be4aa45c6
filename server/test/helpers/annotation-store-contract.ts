/**
 * What every AnnotationStore does (store/annotation-store.ts): run by annotation-store-duckdb.test.ts
 * and postgres-annotation-store.test.ts. A note is kept whole, by id, and deleted once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Annotation } from '@mesura/protocol';
import type { AnnotationStore } from '../../src/store/annotation-store.js';

export interface OpenedAnnotationStore {
  store: AnnotationStore;
  close(): Promise<void>;
}

const ELECTIONS: Annotation = { id: '00000000000000a1', day: '2026-11-22', time: '21:00', text: "Nit d'eleccions", author: 'pau@example.cat', updatedAt: '2026-11-22T20:00:00.000Z' };
const OUTAGE: Annotation = { id: '00000000000000b2', day: '2026-11-20', text: 'Tall del CDN', author: 'marta@example.cat', updatedAt: '2026-11-21T08:00:00.000Z' };

export function annotationStoreContract(engine: string, open: () => Promise<OpenedAnnotationStore>): void {
  describe(`the ${engine} annotation store`, () => {
    let opened: OpenedAnnotationStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps notes whole in id order, replaces one saved again, and deletes one once', async () => {
      const { store } = opened;
      expect(await store.saveAnnotation(OUTAGE, { atMs: 1_000, by: OUTAGE.author })).toBeUndefined();
      expect(await store.saveAnnotation(ELECTIONS, { atMs: 2_000, by: ELECTIONS.author })).toBeUndefined();
      expect(await store.annotations()).toEqual([ELECTIONS, OUTAGE]);
      const corrected = { ...ELECTIONS, text: 'Nit electoral', updatedAt: '2026-11-23T09:00:00.000Z' };
      expect(await store.saveAnnotation(corrected, { atMs: 3_000, by: 'admin@example.cat' })).toEqual(ELECTIONS);
      expect(await store.annotation(ELECTIONS.id)).toEqual(corrected);
      expect(await store.deleteAnnotation(OUTAGE.id, { atMs: 4_000, by: OUTAGE.author })).toBe(true);
      expect(await store.deleteAnnotation(OUTAGE.id, { atMs: 5_000, by: OUTAGE.author })).toBe(false);
      expect(await store.annotations()).toEqual([corrected]);
      expect(await store.annotation(OUTAGE.id)).toBeUndefined();
    });
  });
}
