import { describe, expect, it } from 'vitest';
import { CUSTOMER_IDS_STORAGE_KEY, type CustomerIdStorage } from '@mesura/identity';
import { CUSTOMER_IDS_EVENT } from '../src/constants.js';
import { currentCustomerIds, pageCustomerIds, type PageCustomerIdsEnv } from '../src/page-customer-ids.js';

const storageWith = (ids?: object): CustomerIdStorage => ({
  getItem: (key) => (key === CUSTOMER_IDS_STORAGE_KEY && ids ? JSON.stringify(ids) : null),
  setItem: () => undefined,
  removeItem: () => undefined,
});

function page(options: { mesura?: unknown; stored?: object; loggedIn?: boolean }): PageCustomerIdsEnv & { window: EventTarget & { mesura?: unknown } } {
  const window = Object.assign(new EventTarget(), { mesura: options.mesura });
  return { window, storage: () => storageWith(options.stored), loggedIn: () => options.loggedIn === true };
}

/** Whether `promise` has settled after the microtasks queued now. */
async function settled<T>(promise: Promise<T>): Promise<{ done: boolean; value?: T }> {
  let outcome: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => (outcome = { done: true, value }));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return outcome;
}

describe('the page’s customer ids (§3)', () => {
  it('takes the ids queued before /mesura.js over those kept for the tab', () => {
    const env = page({ mesura: { q: [], c: { idUsuari: { id: 'u-42', authState: 2 } } }, stored: { idUsuari: { id: 'u-42', authState: 1 }, idBigData: { id: 'bd-7', authState: 1 } } });
    expect(currentCustomerIds(env)).toEqual({ idUsuari: { id: 'u-42', authState: 2 }, idBigData: { id: 'bd-7', authState: 1 } });
  });

  it('asks /mesura.js for them once it has replaced the queue', () => {
    const env = page({ mesura: { customerIds: () => ({ idUsuari: { id: 'u-42', authState: 1 } }) } });
    expect(currentCustomerIds(env)).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
  });

  it('answers an anonymous visitor at once, with no ids', async () => {
    expect(await settled(pageCustomerIds(page({}))())).toEqual({ done: true, value: {} });
  });

  it('answers a logged-out visitor at once with the ids kept at logout (authState 2)', async () => {
    const env = page({ stored: { idUsuari: { id: 'u-42', authState: 2 } } });
    expect(await settled(pageCustomerIds(env)())).toEqual({ done: true, value: { idUsuari: { id: 'u-42', authState: 2 } } });
  });

  it('waits for a logged-in visitor’s ids until the site declares them, then answers them', async () => {
    const env = page({ mesura: { q: [] }, loggedIn: true, stored: { idUsuari: { id: 'u-41', authState: 2 } } });
    const answer = pageCustomerIds(env)();
    expect((await settled(answer)).done).toBe(false);
    (env.window.mesura as { c?: object }).c = { idUsuari: { id: 'u-42', authState: 1 } };
    env.window.dispatchEvent(new Event(CUSTOMER_IDS_EVENT));
    expect(await settled(answer)).toEqual({ done: true, value: { idUsuari: { id: 'u-42', authState: 1 } } });
  });

  it('answers a logged-in visitor at once when the tab already has their authenticated ids', async () => {
    const env = page({ loggedIn: true, stored: { idUsuari: { id: 'u-42', authState: 1 } } });
    expect((await settled(pageCustomerIds(env)())).done).toBe(true);
  });
});
