/**
 * Every figure an alert rule may watch is measured by a query the embedded store runs, with each
 * filter its table keeps: on a store with nothing in the window, a count is 0 and a share none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SITE_VARIABLE_MAP, variableNames, type ReportFilterDimension } from '@mesura/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_FIGURE_KEYS, ALERT_FIGURES } from '../../src/alerts/alert-figures.js';
import { windowValues } from '../../src/alerts/alert-window.js';
import { CONSENT_CHOICES_TABLE_QUERY } from '../../src/store/duckdb/consent-choices-table.js';
import { openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { filterSql } from '../../src/store/queries/filter-sql.js';

let dataDir: string;
let store: Awaited<ReturnType<typeof openDuckDbStore>>;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-alert-figures-'));
  store = await openDuckDbStore(dataDir, variableNames(SITE_VARIABLE_MAP), 'Europe/Madrid');
  // Made when the server starts (consent-choices-table.ts).
  await store.read(CONSENT_CHOICES_TABLE_QUERY, {});
});
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const HOUR = { kind: 'hour', fromMs: Date.UTC(2026, 2, 2, 10), toMs: Date.UTC(2026, 2, 2, 11) } as const;
const DAY = { kind: 'day', day: '2026-03-02' } as const;

describe('the alert figures', () => {
  it.each(ALERT_FIGURE_KEYS)('measure %s with every filter their table keeps', async (key) => {
    const figure = ALERT_FIGURES[key];
    const filters = (Object.keys(figure.filterColumns) as ReportFilterDimension[]).map((dimension) => ({ dimension, value: 'x' }));
    for (const applied of [[], filters]) {
      const sql = filterSql(applied, figure.filterColumns);
      const rows = await store.read(figure.query(sql.sql), { suite: 'mesuradev', ...windowValues(figure.step === 'hour' ? HOUR : DAY), ...sql.values });
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]![key] ?? 0)).toBe(0);
      expect(figure.format === 'percent' ? rows[0]![key] : 0).toBe(figure.format === 'percent' ? null : 0);
    }
  });

  it("reads the consent refusal rate as the share of the day's answers that refuse everything", async () => {
    await store.read(
      {
        name: 'test consent answers',
        duckdb: `INSERT INTO consent_choices VALUES ('2026-03-02', 'mesuradev', 'reject-all', 3), ('2026-03-02', 'mesuradev', 'accept-all', 1), ('2026-03-03', 'mesuradev', 'reject-all', 9)`,
      },
      {},
    );
    const rows = await store.read(ALERT_FIGURES.consent_refusal_rate.query(''), { suite: 'mesuradev', ...windowValues(DAY) });
    expect(rows[0]!.consent_refusal_rate).toBe(0.75);
  });
});
