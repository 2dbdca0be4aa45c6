import { describe, expect, it } from 'vitest';
import { ACTIVITY_ID, MAX_ACTIVITY_ID_CHARS } from '../src/index.js';

describe('activity ids', () => {
  it('accept 1 to MAX_ACTIVITY_ID_CHARS letters, digits, _ or -', () => {
    expect(ACTIVITY_ID.test('a')).toBe(true);
    expect(ACTIVITY_ID.test('Ab_9-z'.padEnd(MAX_ACTIVITY_ID_CHARS, 'x'))).toBe(true);
  });

  it.each(['', 'x'.repeat(MAX_ACTIVITY_ID_CHARS + 1), 'a.b', 'à', 'a b', 'a/b'])('refuse %j', (id) => expect(ACTIVITY_ID.test(id)).toBe(false));
});
