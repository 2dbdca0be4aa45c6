import { describe, expect, it } from 'vitest';
import { createCustomerIdStore, CUSTOMER_ID_REFUSED, type CustomerIdInput } from '../src/index.js';

const setUp = () => {
  const warnings: string[] = [];
  const identity = createCustomerIdStore({ warn: (m) => warnings.push(m) });
  return { identity, warnings };
};

/** Entries a page might pass; the casts stand for untyped page JavaScript. */
const CASES: { name: string; code: string; entry: unknown; kept?: object; reason?: string }[] = [
  { name: 'an authenticated id', code: 'idUsuari', entry: { id: 'u-42', authState: 1 }, kept: { id: 'u-42', authState: 1 } },
  { name: 'a logged-out id', code: 'idUsuari', entry: { id: 'u-42', authState: 2 }, kept: { id: 'u-42', authState: 2 } },
  { name: 'an id without authState (unknown)', code: 'crm', entry: { id: 'c1' }, kept: { id: 'c1', authState: 0 } },
  { name: 'an authState outside 0/1/2 (unknown)', code: 'crm', entry: { id: 'c1', authState: 7 }, kept: { id: 'c1', authState: 0 } },
  { name: 'a hash type', code: 'email', entry: { id: 'ab12', authState: 1, hashType: 'SHA256' }, kept: { id: 'ab12', authState: 1, hashType: 'SHA256' } },
  { name: 'an empty hash type (dropped)', code: 'email', entry: { id: 'ab12', hashType: '' }, kept: { id: 'ab12', authState: 0 } },
  { name: 'an empty integration code', code: '', entry: { id: 'u-42' }, reason: 'empty-integration-code' },
  { name: 'a blank integration code', code: '  ', entry: { id: 'u-42' }, reason: 'empty-integration-code' },
  { name: 'an empty id', code: 'idUsuari', entry: { id: '' }, reason: 'empty-id' },
  { name: 'a numeric id', code: 'idUsuari', entry: { id: 42 }, reason: 'empty-id' },
  { name: 'no id', code: 'idUsuari', entry: { authState: 1 }, reason: 'empty-id' },
  { name: 'an entry that is not an object', code: 'idUsuari', entry: null, reason: 'empty-id' },
];

describe('setCustomerIds (§3, §5)', () => {
  it.each(CASES.filter((c) => c.kept))('keeps $name', ({ code, entry, kept }) => {
    const { identity, warnings } = setUp();
    expect(identity.setCustomerIds({ [code]: entry as CustomerIdInput })).toEqual([]);
    expect(identity.getCustomerIds()).toEqual({ [code]: kept });
    expect(warnings).toEqual([]);
  });

  it.each(CASES.filter((c) => c.reason))('refuses $name with a warning', ({ code, entry, reason }) => {
    const { identity, warnings } = setUp();
    expect(identity.setCustomerIds({ [code]: entry as CustomerIdInput })).toEqual([{ integrationCode: code, reason }]);
    expect(identity.customerIds()).toEqual({});
    expect(warnings).toEqual([`Customer ID refused: give a non-empty string integration code and a non-empty string id: '${code}'`]);
    expect(warnings[0]?.startsWith(CUSTOMER_ID_REFUSED)).toBe(true);
  });

  it('keeps the valid entries of a call that also has a refused one', () => {
    const { identity, warnings } = setUp();
    identity.setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 }, idBigData: { id: '' } });
    expect(identity.customerIds()).toEqual({ idUsuari: { id: 'u-42', authState: 1 } });
    expect(warnings).toHaveLength(1);
  });

  it('adds to and replaces earlier ids by integration code', () => {
    const { identity } = setUp();
    identity.setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 }, crm: { id: 'c1' } });
    identity.setCustomerIds({ idUsuari: { id: 'u-42', authState: 2 } });
    expect(identity.customerIds()).toEqual({ idUsuari: { id: 'u-42', authState: 2 }, crm: { id: 'c1', authState: 0 } });
  });

  it('hands out copies, so a caller cannot change the kept ids', () => {
    const { identity } = setUp();
    identity.setCustomerIds({ crm: { id: 'c1' } });
    (identity.customerIds() as Record<string, unknown>).crm = undefined;
    expect(identity.customerIds()).toEqual({ crm: { id: 'c1', authState: 0 } });
  });
});
