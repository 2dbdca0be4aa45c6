import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { PRIVACY_CONTACT_MAX_CHARS } from '@mesura/content';

const load = (value?: string) => loadConfig(value === undefined ? {} : { MESURA_PRIVACY_CONTACT: value }, '/repo');

describe('MESURA_PRIVACY_CONTACT', () => {
  it('is the contact the site shows for access and erasure requests, none by default', () => {
    expect(load().privacyContact).toBeUndefined();
    expect(load('  dpd@ccma.invalid ').privacyContact).toBe('dpd@ccma.invalid');
  });

  it('refuses a value that would not fit one line of the settings layer', () => {
    const reason = `MESURA_PRIVACY_CONTACT must be an address or a phrase of at most ${PRIVACY_CONTACT_MAX_CHARS} characters on one line`;
    expect(() => load('x'.repeat(PRIVACY_CONTACT_MAX_CHARS + 1))).toThrow(reason);
    expect(() => load('dpd@ccma.invalid\nSet-Cookie: x')).toThrow(reason);
  });
});
