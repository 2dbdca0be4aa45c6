import { describe, expect, it } from 'vitest';
import { directCallCode, directCallLabel } from '../../src/reports/direct-call-names.js';

describe('direct call names', () => {
  it("names a call that counts an event by its control's name, and codes it by the event and the call", () => {
    expect(directCallLabel('3')).toBe('Compartir');
    expect(directCallCode('3')).toBe('event3 · scCompartir');
    expect(directCallLabel('26')).toBe('Ràdio en finestra nova');
  });

  it("names a call that counts no event by its link's name, its stored key the code", () => {
    expect(directCallLabel('enllaç: Desa per a més tard')).toBe('Desa per a més tard');
    expect(directCallCode('enllaç: Desa per a més tard')).toBe('enllaç: Desa per a més tard');
  });
});
