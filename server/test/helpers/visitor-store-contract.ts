/**
 * What every VisitorStore does (visitors/visitor-store.ts): run by visitor-store-duckdb.test.ts
 * and postgres-visitor-store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitorAccount, VisitorStore } from '../../src/visitors/visitor-store.js';

export interface OpenedVisitorStore {
  store: VisitorStore;
  close(): Promise<void>;
}

const anna: VisitorAccount = { id: 'v1', email: 'anna@example.cat', name: 'Anna', passwordHash: 'hash-1' };

export function visitorStoreContract(engine: string, open: () => Promise<OpenedVisitorStore>): void {
  describe(`the ${engine} visitor store`, () => {
    let opened: OpenedVisitorStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('creates an account once per e-mail and finds it by e-mail and id', async () => {
      const { store } = opened;
      expect(await store.create(anna, 1)).toBe('created');
      expect(await store.create({ ...anna, id: 'v2', name: 'Una altra' }, 2)).toBe('exists');
      expect(await store.byEmail('anna@example.cat')).toEqual(anna);
      expect(await store.byId('v1')).toEqual(anna);
      expect(await store.byId('v2')).toBeUndefined();
    });

    it('keeps a session alive while used within the idle time, and ends an idle or ended one', async () => {
      const { store } = opened;
      await store.startSession('s1', 'v1', 1000);
      expect(await store.sessionVisitor('s1', 1500, 1000)).toBe('v1');
      expect(await store.sessionVisitor('s1', 2500, 1000)).toBe('v1');
      expect(await store.sessionVisitor('s1', 3501, 1000)).toBeUndefined();
      expect(await store.sessionVisitor('s1', 3502, 1_000_000)).toBeUndefined();
      await store.startSession('s2', 'v1', 1000);
      await store.endSession('s2');
      expect(await store.sessionVisitor('s2', 1000, 1000)).toBeUndefined();
    });

    it('lists a visitor\'s items newest first, adds one only once and removes it', async () => {
      const { store } = opened;
      expect(await store.addToList('v1', { type: 'article', id: '1001', addedAt: 10 })).toBe('added');
      expect(await store.addToList('v1', { type: 'episode', id: '7', addedAt: 20 })).toBe('added');
      expect(await store.addToList('v1', { type: 'article', id: '1001', addedAt: 30 })).toBe('added');
      expect(await store.addToList('v2', { type: 'programme', id: 'p', addedAt: 40 })).toBe('added');
      expect(await store.list('v1')).toEqual([
        { type: 'episode', id: '7', addedAt: 20 },
        { type: 'article', id: '1001', addedAt: 10 },
      ]);
      await store.removeFromList('v1', 'episode', '7');
      expect((await store.list('v1')).map((item) => item.id)).toEqual(['1001']);
    });
  });
}
