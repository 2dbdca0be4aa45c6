import { describe, expect, it } from 'vitest';
import { CUSTOMER_IDS_STORAGE_KEY, createCustomerIdStore, forgetStoredCustomerIds, readStoredCustomerIds, type CustomerIdStorage } from '../src/index.js';

/** A session storage in memory; `refuse` makes every write throw, as a full or denied storage does. */
function memoryStorage(initial: Record<string, string> = {}, refuse = false): CustomerIdStorage & { items: Record<string, string> } {
  const items = { ...initial };
  return {
    items,
    getItem: (key) => items[key] ?? null,
    setItem: (key, value) => {
      if (refuse) throw new Error('QuotaExceededError');
      items[key] = value;
    },
    removeItem: (key) => void delete items[key],
  };
}

describe('customer ids kept for the tab (§3)', () => {
  it('keeps the ids a login declared for the next page of the tab', () => {
    const storage = memoryStorage();
    createCustomerIdStore({ storage }).setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 } });
    const nextPage = createCustomerIdStore({ storage });
    expect(nextPage.customerIds()).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
  });

  it('keeps the logged-out state (2) declared at logout over the login’s', () => {
    const storage = memoryStorage();
    createCustomerIdStore({ storage }).setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 }, idBigData: { id: 'bd-7', authState: 1 } });
    createCustomerIdStore({ storage }).setCustomerIds({ idUsuari: { id: 'u-42', authState: 2 }, idBigData: { id: 'bd-7', authState: 2 } });
    expect(readStoredCustomerIds(storage)).toEqual({ idUsuari: { id: 'u-42', authState: 2 }, idBigData: { id: 'bd-7', authState: 2 } });
  });

  it('writes nothing without consent to store, and keeps the ids for the page', () => {
    const storage = memoryStorage();
    const store = createCustomerIdStore({ storage, mayStore: () => false });
    store.setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 } });
    expect(storage.items).toEqual({});
    expect(store.customerIds()).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
  });

  it('reads what anything on the page wrote there through the same checks', () => {
    const written = JSON.stringify({ idUsuari: { id: 'u-42', authState: 1 }, forged: { id: '' }, odd: { id: 'x', authState: 9 } });
    expect(readStoredCustomerIds(memoryStorage({ [CUSTOMER_IDS_STORAGE_KEY]: written }))).toEqual({
      idUsuari: { id: 'u-42', authState: 1 },
      odd: { id: 'x', authState: 0 },
    });
  });

  it.each(['not json', '[1,2]', 'null', '"text"'])('reads no ids from a stored %s', (value) => {
    expect(readStoredCustomerIds(memoryStorage({ [CUSTOMER_IDS_STORAGE_KEY]: value }))).toEqual({});
  });

  it('keeps the ids in memory when the storage refuses the write', () => {
    const store = createCustomerIdStore({ storage: memoryStorage({}, true) });
    expect(() => store.setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 } })).not.toThrow();
    expect(store.customerIds()).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
  });

  it('forgets the ids kept for the tab', () => {
    const storage = memoryStorage();
    createCustomerIdStore({ storage }).setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 } });
    forgetStoredCustomerIds(storage);
    expect(storage.items).toEqual({});
    expect(createCustomerIdStore({ storage }).customerIds()).toEqual({});
  });
});
