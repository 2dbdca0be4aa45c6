import { describe, expect, it } from 'vitest';
import { GA_PROPERTY_IDS, REPORT_SUITES } from '@mesura/protocol';
import { SITE_ACCOUNTS } from '../src/index.js';

describe('site accounts', () => {
  it('send to the suites and ga property ids the collector accepts by default (packages/protocol)', () => {
    for (const environment of ['development', 'staging', 'production'] as const) {
      expect(SITE_ACCOUNTS[environment].reportSuites).toEqual([REPORT_SUITES[environment]]);
      expect(SITE_ACCOUNTS[environment].ga.propertyId).toBe(GA_PROPERTY_IDS[environment]);
    }
  });
});
