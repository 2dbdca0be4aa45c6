/**
 * What every MailNoticeStore does (store/mail-notice-store.ts): run by mail-notice-store-duckdb.test.ts
 * and postgres-mail-notice-store.test.ts. Its three sorts share a table and never see one another's
 * rows; a save answers what it replaced (the schedule claims a period or a breach with it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailNoticeStore } from '../../src/store/mail-notice-store.js';

export interface OpenedMailNoticeStore {
  store: MailNoticeStore;
  close(): Promise<void>;
}

const ID = '00000000-0000-4000-8000-00000000000a';
const BY = { atMs: Date.UTC(2026, 2, 2), by: 'pau@example.cat' };

export function mailNoticeStoreContract(engine: string, open: () => Promise<OpenedMailNoticeStore>): void {
  describe(`the ${engine} mail notice store`, () => {
    let opened: OpenedMailNoticeStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps subscriptions, rules and fired alerts apart, even under one id', async () => {
      const { subscriptions, alertRules, firedAlerts } = opened.store;
      await subscriptions.save({ id: ID, owner: 'pau@example.cat', view: '/consola/audiencia/?informe=audience%2Fby-day' } as { id: string }, BY);
      await alertRules.save({ id: ID, owner: 'pau@example.cat', figure: 'plays' } as { id: string }, BY);
      expect(await subscriptions.definitions()).toEqual([{ id: ID, owner: 'pau@example.cat', view: '/consola/audiencia/?informe=audience%2Fby-day' }]);
      expect(await alertRules.definition(ID)).toEqual({ id: ID, owner: 'pau@example.cat', figure: 'plays' });
      expect(await firedAlerts.definitions()).toEqual([]);
      expect(await firedAlerts.definition(ID)).toBeUndefined();
    });

    it('answers what a save replaced, and whether a removal removed anything', async () => {
      const { alertRules } = opened.store;
      expect(await alertRules.save({ id: ID, breach: undefined } as { id: string }, BY)).toBeUndefined();
      expect(await alertRules.save({ id: ID, breach: { firedAlertId: 'f' } } as { id: string }, BY)).toEqual({ id: ID });
      expect(await alertRules.save({ id: ID } as { id: string }, BY)).toEqual({ id: ID, breach: { firedAlertId: 'f' } });
      expect(await alertRules.remove(ID, BY)).toBe(true);
      expect(await alertRules.remove(ID, BY)).toBe(false);
      expect(await alertRules.definitions()).toEqual([]);
    });

    it('lets one of two saves at once find the other made first (the claim of a period)', async () => {
      const { subscriptions } = opened.store;
      await subscriptions.save({ id: ID } as { id: string }, BY);
      const claim = { id: ID, lastSentFrom: '2026-03-01' } as { id: string };
      const befores = await Promise.all([subscriptions.save(claim, BY), subscriptions.save(claim, BY)]);
      expect(befores).toContainEqual({ id: ID });
      expect(befores).toContainEqual({ id: ID, lastSentFrom: '2026-03-01' });
    });
  });
}
