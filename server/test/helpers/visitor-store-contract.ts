/**
 * What every VisitorStore does (visitors/visitor-store.ts): run by visitor-store-duckdb.test.ts
 * and postgres-visitor-store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitorSignUp, VisitorStore } from '../../src/store/visitor-store.js';

export interface OpenedVisitorStore {
  store: VisitorStore;
  close(): Promise<void>;
}

const anna: VisitorSignUp = { id: 'v1', email: 'anna@example.cat', name: 'Anna', passwordHash: 'hash-1', confirmation: { tokenHash: 't1', expiresAtMs: 100 } };
const { confirmation: _pending, ...annaAccount } = anna;

export function visitorStoreContract(engine: string, open: () => Promise<OpenedVisitorStore>): void {
  describe(`the ${engine} visitor store`, () => {
    let opened: OpenedVisitorStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('signs an account up unconfirmed, confirms it by its token once, and finds it by e-mail and id', async () => {
      const { store } = opened;
      expect(await store.signUp(anna, 1)).toBe('created');
      expect(await store.byEmail('anna@example.cat')).toEqual({ ...annaAccount, confirmed: false });
      expect(await store.confirm('no-such-token', 2)).toBeUndefined();
      expect(await store.confirm('t1', 2)).toBe('v1');
      expect(await store.confirm('t1', 3)).toBeUndefined();
      expect(await store.byEmail('anna@example.cat')).toEqual({ ...annaAccount, confirmed: true });
      expect(await store.byId('v1')).toEqual({ ...annaAccount, confirmed: true });
      expect(await store.byId('v2')).toBeUndefined();
    });

    it('leaves a confirmed account as it was, and renews an unconfirmed one with the new name, password and token', async () => {
      const { store } = opened;
      await store.signUp(anna, 1);
      await store.confirm('t1', 2);
      expect(await store.signUp({ ...anna, id: 'v2', name: 'Una altra', passwordHash: 'hash-2', confirmation: { tokenHash: 't2', expiresAtMs: 100 } }, 3)).toBe('exists');
      expect(await store.byEmail('anna@example.cat')).toEqual({ ...annaAccount, confirmed: true });
      expect(await store.confirm('t2', 4)).toBeUndefined();

      const pau = { id: 'v3', email: 'pau@example.cat', name: 'Pau', passwordHash: 'hash-3', confirmation: { tokenHash: 't3', expiresAtMs: 100 } };
      await store.signUp(pau, 5);
      expect(await store.signUp({ ...pau, id: 'v4', name: 'Pau B', passwordHash: 'hash-4', confirmation: { tokenHash: 't4', expiresAtMs: 100 } }, 6)).toBe('renewed');
      expect(await store.confirm('t3', 7)).toBeUndefined();
      expect(await store.confirm('t4', 7)).toBe('v3');
      expect(await store.byId('v3')).toEqual({ id: 'v3', email: 'pau@example.cat', name: 'Pau B', passwordHash: 'hash-4', confirmed: true });
    });

    it('confirms nothing past the expiry, and forgets an expired sign-up at the next one', async () => {
      const { store } = opened;
      await store.signUp(anna, 1);
      expect(await store.confirm('t1', 101)).toBeUndefined();
      expect(await store.signUp({ ...anna, id: 'v5', email: 'bea@example.cat', confirmation: { tokenHash: 't5', expiresAtMs: 300 } }, 102)).toBe('created');
      expect(await store.byId('v1')).toBeUndefined();
      expect(await store.signUp({ ...anna, id: 'v6', confirmation: { tokenHash: 't6', expiresAtMs: 300 } }, 103)).toBe('created');
      expect(await store.confirm('t6', 104)).toBe('v6');
    });

    it("resets a confirmed account's password once by its token, before the expiry, and ends its sessions", async () => {
      const { store } = opened;
      await store.signUp(anna, 1);
      expect(await store.requestPasswordReset('anna@example.cat', { tokenHash: 'r0', expiresAtMs: 50 })).toBeUndefined();
      await store.confirm('t1', 2);
      await store.signUp({ ...anna, id: 'v2', email: 'pau@example.cat', confirmation: { tokenHash: 't2', expiresAtMs: 100 } }, 3);
      await store.confirm('t2', 4);
      expect(await store.requestPasswordReset('ningu@example.cat', { tokenHash: 'r0', expiresAtMs: 50 })).toBeUndefined();
      expect(await store.requestPasswordReset('anna@example.cat', { tokenHash: 'r1', expiresAtMs: 50 })).toBe('v1');
      expect(await store.requestPasswordReset('anna@example.cat', { tokenHash: 'r2', expiresAtMs: 50 })).toBe('v1');
      await store.startSession('s1', 'v1', 10);
      await store.startSession('s2', 'v1', 10);
      await store.startSession('s3', 'v2', 10);
      expect(await store.resetPassword('r1', 'hash-new', 20)).toBeUndefined();
      expect(await store.resetPassword('r2', 'hash-new', 51)).toBeUndefined();
      expect(await store.resetPassword('r2', 'hash-new', 50)).toBe('v1');
      expect(await store.resetPassword('r2', 'hash-other', 50)).toBeUndefined();
      expect(await store.byId('v1')).toEqual({ ...annaAccount, passwordHash: 'hash-new', confirmed: true });
      expect(await store.sessionVisitor('s1', 30, 1000)).toBeUndefined();
      expect(await store.sessionVisitor('s2', 30, 1000)).toBeUndefined();
      expect(await store.sessionVisitor('s3', 30, 1000)).toBe('v2');
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

    it("lists a visitor's items newest first, adds one only once and removes it", async () => {
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
