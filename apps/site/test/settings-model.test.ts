import { createVendorList } from '@mesura/consent';
import { describe, expect, it } from 'vitest';
import { settingsModel } from '../src/consent/settings-model';

describe('settingsModel', () => {
  const model = settingsModel(createVendorList());

  it('lists the eleven TCF purposes in order, with their Catalan names and descriptions', () => {
    expect(model.purposes.map((purpose) => purpose.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(model.purposes[7]).toEqual({
      id: 8,
      name: 'Mesurar el rendiment del contingut',
      description: expect.stringContaining('quantes vegades'),
    });
  });

  it('lists the four vendors in id order', () => {
    expect(model.vendors.map((vendor) => [vendor.id, vendor.name])).toEqual([
      [1001, 'Mesura analítica web'],
      [1002, 'Mesura audiència'],
      [1003, 'Mesura personalització'],
      [1004, 'Mesura analítica de vídeo'],
    ]);
  });

  it('names the purposes each vendor needs consent for and those it uses on legitimate interest', () => {
    expect(model.vendors[3]).toEqual({
      id: 1004,
      name: 'Mesura analítica de vídeo',
      consentPurposes: ['Emmagatzemar informació en un dispositiu o accedir-hi', 'Mesurar el rendiment del contingut'],
      legitimateInterestPurposes: ['Entendre les audiències amb estadístiques o combinacions de dades'],
    });
  });

  it('reads the raw vendor-list shape as well, sorting purposes a vendor lists out of order', () => {
    const list = {
      purposes: { '2': { id: 2, name: 'B', description: 'b' }, '1': { id: 1, name: 'A', description: 'a' } },
      vendors: { '7': { id: 7, name: 'V', purposes: [2, 1], legIntPurposes: [] } },
    };
    expect(settingsModel(list)).toEqual({
      purposes: [
        { id: 1, name: 'A', description: 'a' },
        { id: 2, name: 'B', description: 'b' },
      ],
      vendors: [{ id: 7, name: 'V', consentPurposes: ['A', 'B'], legitimateInterestPurposes: [] }],
    });
  });
});
