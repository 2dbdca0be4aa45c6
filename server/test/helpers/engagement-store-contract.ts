/**
 * What every EngagementStore does (engagement/engagement-store.ts): run by
 * engagement-store-duckdb.test.ts and postgres-engagement-store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngagementStore } from '../../src/store/engagement-store.js';

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

    it('subscribes an address unconfirmed, and confirms it by its token once', async () => {
      const { store } = opened;
      expect(await store.subscribe('anna@example.cat', { tokenHash: 't1', expiresAtMs: 100 }, 1)).toBe('created');
      expect(await store.confirmSubscription('no-such-token', 2)).toBe(false);
      expect(await store.confirmSubscription('t1', 2)).toBe(true);
      expect(await store.confirmSubscription('t1', 3)).toBe(false);
      expect(await store.subscribe('anna@example.cat', { tokenHash: 't2', expiresAtMs: 100 }, 4)).toBe('exists');
      expect(await store.confirmSubscription('t2', 5)).toBe(false);
    });

    it('renews an unconfirmed address with its new token, and forgets one whose link expired', async () => {
      const { store } = opened;
      await store.subscribe('pau@example.cat', { tokenHash: 't1', expiresAtMs: 100 }, 1);
      expect(await store.subscribe('pau@example.cat', { tokenHash: 't2', expiresAtMs: 100 }, 2)).toBe('renewed');
      expect(await store.confirmSubscription('t1', 3)).toBe(false);
      expect(await store.confirmSubscription('t2', 101)).toBe(false);
      expect(await store.subscribe('joan@example.cat', { tokenHash: 't3', expiresAtMs: 300 }, 102)).toBe('created');
      expect(await store.subscribe('pau@example.cat', { tokenHash: 't4', expiresAtMs: 300 }, 103)).toBe('created');
      expect(await store.confirmSubscription('t4', 104)).toBe(true);
    });
  });
}
