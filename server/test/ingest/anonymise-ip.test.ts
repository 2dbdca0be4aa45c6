import { describe, expect, it } from 'vitest';
import { anonymiseIp } from '../../src/ingest/steps/anonymise-ip.js';

describe('anonymiseIp', () => {
  it.each([
    { raw: '203.0.113.57', stored: '203.0.113.0' },
    { raw: '127.0.0.1', stored: '127.0.0.0' },
    { raw: '::ffff:198.51.100.23', stored: '198.51.100.0' },
    { raw: '2001:db8:85a3:8d3:1319:8a2e:370:7348', stored: '2001:db8:85a3::' },
    { raw: '2001:db8::1', stored: '2001:db8:0::' },
    { raw: '::1', stored: '0:0:0::' },
    { raw: 'fe80::1%eth0', stored: 'fe80:0:0::' },
    { raw: '2001:0db8:0000:0042:0000:8a2e:0370:7334', stored: '2001:db8:0::' },
    { raw: '64:ff9b::192.0.2.33', stored: '64:ff9b:0::' },
  ])('keeps only the network part of $raw', ({ raw, stored }) => {
    expect(anonymiseIp(raw)).toBe(stored);
  });

  it.each(['', 'not-an-ip', '999.1.1.1', undefined])('returns null for %s', (raw) => {
    expect(anonymiseIp(raw)).toBeNull();
  });
});
