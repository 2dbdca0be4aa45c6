import { describe, expect, it } from 'vitest';
import { formatVisitorId, isVisitorId } from '../src/index.js';

describe('visitor id format', () => {
  it('writes 16 bytes as two halves of 16 upper-case hex digits', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    expect(formatVisitorId(bytes)).toBe('0011223344556677-8899AABBCCDDEEFF');
    expect(isVisitorId(formatVisitorId(bytes))).toBe(true);
  });

  it.each(['', '0011223344556677', '0011223344556677-8899aabbccddeeff', '0011223344556677-8899AABBCCDDEEF', 42, undefined])('refuses %j', (value) => expect(isVisitorId(value)).toBe(false));
});
