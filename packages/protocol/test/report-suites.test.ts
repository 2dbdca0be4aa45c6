import { describe, expect, it } from 'vitest';
import { REPORT_SUITES, parseEnvironment } from '@mesura/protocol';

describe('REPORT_SUITES', () => {
  it('gives each environment its own suite (spec §9)', () => {
    expect(REPORT_SUITES).toEqual({ development: 'mesuradev', staging: 'mesurastg', production: 'mesuraprod' });
  });
});

describe('parseEnvironment', () => {
  it.each([
    { name: 'unset', value: undefined, expected: 'development' },
    { name: 'empty', value: '', expected: 'development' },
    { name: 'development', value: 'development', expected: 'development' },
    { name: 'staging', value: 'staging', expected: 'staging' },
    { name: 'production', value: 'production', expected: 'production' },
  ])('reads $name as $expected', ({ value, expected }) => {
    expect(parseEnvironment(value)).toBe(expected);
  });

  it.each([
    { value: 'prod', error: "unknown environment 'prod': expected development, staging or production" },
    { value: 'Production', error: "unknown environment 'Production': expected development, staging or production" },
    { value: 'toString', error: "unknown environment 'toString': expected development, staging or production" },
  ])('throws on $value', ({ value, error }) => {
    expect(() => parseEnvironment(value)).toThrow(error);
  });
});
