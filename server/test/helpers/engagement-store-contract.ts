/**
 * What every EngagementStore does (engagement/engagement-store.ts): run by
 * engagement-store-duckdb.test.ts and postgres-engagement-store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngagementStore } from '../../src/engagement/engagement-store.js';

export interface OpenedEngagementStore {
  store: EngagementStore;
  close(): Promise<void>;
}

export function engagementStoreContract(engine: string, open: () => Promise<OpenedEngagementStore>): void {
  describe(`the ${engine} engagement store`, () => {
    let opened: OpenedEngagementStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps one answer per participant and poll, and counts answers per option', async () => {
      const { store } = opened;
      expect(await store.answerPoll({ pollId: 'p1', participantId: 'anna', optionId: 'si', atMs: 1 })).toBe('stored');
      expect(await store.answerPoll({ pollId: 'p1', participantId: 'anna', optionId: 'no', atMs: 2 })).toBe('already');
      expect(await store.answerPoll({ pollId: 'p1', participantId: 'pau', optionId: 'si', atMs: 3 })).toBe('stored');
      expect(await store.answerPoll({ pollId: 'p1', participantId: 'joan', optionId: 'no', atMs: 4 })).toBe('stored');
      expect(await store.answerPoll({ pollId: 'p2', participantId: 'anna', optionId: 'no', atMs: 5 })).toBe('stored');
      expect(await store.participantAnswer('p1', 'anna')).toBe('si');
      expect(await store.participantAnswer('p1', 'ningu')).toBeUndefined();
      expect(await store.pollCounts('p1')).toEqual({ si: 2, no: 1 });
      expect(await store.pollCounts('p3')).toEqual({});
    });

    it('subscribes an address once', async () => {
      const { store } = opened;
      expect(await store.subscribe('anna@example.cat', 1)).toBe('stored');
      expect(await store.subscribe('anna@example.cat', 2)).toBe('already');
      expect(await store.subscribe('pau@example.cat', 3)).toBe('stored');
    });
  });
}
