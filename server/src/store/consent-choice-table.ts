/**
 * Where consent choices are counted: the `consent_choices` table of the analytics store, beside
 * `refused_hits`, so that the consent reports read it through the same AnalyticsReader as every
 * report. Its statements run through that reader, which runs each on a connection of its own and
 * returns once DuckDB has committed it (DuckDB syncs its write-ahead log at commit).
 */
import type { AnalyticsReader, SqlValue } from './analytics-reader.js';
import { consentChoicesAddQuery } from './duckdb/consent-choices-add.js';
import { CONSENT_CHOICES_TABLE_QUERY } from './duckdb/consent-choices-table.js';
import type { ConsentChoice } from '../shared/consent-choice.js';

/** How many answers of one choice a report suite received on one local day. */
export interface ConsentChoiceCount {
  /** YYYY-MM-DD in MESURA_TIMEZONE. */
  day: string;
  reportSuite: string;
  choice: ConsentChoice;
  choices: number;
}

export interface ConsentChoiceTable {
  /** Makes the table when it is not there. */
  ensure(): Promise<void>;
  /** Adds each count to its row, in one statement; the keys must be distinct. */
  add(counts: readonly ConsentChoiceCount[]): Promise<void>;
}

export function consentChoiceTable(store: AnalyticsReader): ConsentChoiceTable {
  return {
    ensure: async () => {
      await store.read(CONSENT_CHOICES_TABLE_QUERY, {});
    },
    add: async (counts) => {
      if (counts.length === 0) return;
      const values: Record<string, SqlValue> = {};
      counts.forEach((count, i) => {
        Object.assign(values, { [`day_${i}`]: count.day, [`suite_${i}`]: count.reportSuite, [`choice_${i}`]: count.choice, [`choices_${i}`]: String(count.choices) });
      });
      await store.read(consentChoicesAddQuery(counts.length), values);
    },
  };
}
