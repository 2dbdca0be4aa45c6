/**
 * What every GoalStore does (store/goal-store.ts): run by goal-store-duckdb.test.ts and
 * postgres-goal-store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GoalDefinition } from '@mesura/protocol';
import type { GoalStore } from '../../src/store/goal-store.js';

export interface OpenedGoalStore {
  store: GoalStore;
  close(): Promise<void>;
}

const NEWSLETTER: GoalDefinition = { id: 'butlleti', name: 'Butlletí', type: 'newsletter' };
const PAGE: GoalDefinition = { id: 'programes', name: 'Programes', type: 'page', match: 'pattern', url: '*/programes/*' };

export function goalStoreContract(engine: string, open: () => Promise<OpenedGoalStore>): void {
  describe(`the ${engine} goal store`, () => {
    let opened: OpenedGoalStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps goals in id order, replaces one saved again, and deletes one', async () => {
      const { store } = opened;
      expect(await store.saveGoal(PAGE, { atMs: 1_000, by: 'marta@example.cat' })).toBeUndefined();
      expect(await store.saveGoal(NEWSLETTER, { atMs: 2_000, by: 'marta@example.cat' })).toBeUndefined();
      expect(await store.goalDefinitions()).toEqual([NEWSLETTER, PAGE]);
      const renamed = { ...PAGE, name: 'Pàgines de programes' };
      expect(await store.saveGoal(renamed, { atMs: 3_000, by: 'anna@example.cat' })).toEqual(PAGE);
      expect(await store.goalDefinition('programes')).toEqual(renamed);
      expect(await store.deleteGoal('programes', { atMs: 4_000, by: 'anna@example.cat' })).toBe(true);
      expect(await store.deleteGoal('programes', { atMs: 5_000, by: 'anna@example.cat' })).toBe(false);
      expect(await store.goalDefinition('programes')).toBeUndefined();
      expect(await store.goalDefinitions()).toEqual([NEWSLETTER]);
    });

    it('keeps every change with who made it, and a deleted goal keeps its history', async () => {
      const { store } = opened;
      await store.saveGoal(PAGE, { atMs: 1_000, by: 'marta@example.cat' });
      await store.saveGoal({ ...PAGE, url: '*/programa/*' }, { atMs: 2_000, by: 'anna@example.cat' });
      await store.deleteGoal('programes', { atMs: 3_000, by: 'pau@example.cat' });
      expect(await store.goalHistory('programes')).toEqual([
        { at: '1970-01-01T00:00:01.000Z', by: 'marta@example.cat', before: null, after: PAGE },
        { at: '1970-01-01T00:00:02.000Z', by: 'anna@example.cat', before: PAGE, after: { ...PAGE, url: '*/programa/*' } },
        { at: '1970-01-01T00:00:03.000Z', by: 'pau@example.cat', before: { ...PAGE, url: '*/programa/*' }, after: null },
      ]);
      expect(await store.goalHistory('none')).toEqual([]);
    });
  });
}
