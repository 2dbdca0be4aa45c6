import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from '../src/md5.js';

describe('md5 (pod and chapter ids, wire §2)', () => {
  it.each(['', 'a', 'abc', 'vid-1', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'x'.repeat(1000), 'Telenotícies 😀 €'])('agrees with node:crypto for %j', (text) => {
    expect(md5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
  });

  it('gives the RFC 1321 test vector', () => {
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
  });
});
