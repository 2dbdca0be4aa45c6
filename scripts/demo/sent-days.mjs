// What the demo has already sent that the server cannot recognise when sent again: the banner's
// answers, the refused beacons and the decision events carry no id the server de-duplicates by.
// Kept in the data folder (DEMO_RECORD_FILE), per local day, as the time up to which that day's
// such requests were sent: a later run sends only what comes after it (a day filled this morning
// gets its afternoon), and a data folder that is wiped takes its record with it.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DEMO_RECORD_FILE = 'demo-sent.json';
/** Request kinds without an identifier the server de-duplicates by. */
export const UNIDENTIFIED_KINDS = new Set(['consent-choice', 'refused-beacon', 'decision', 'conversion']);

export function openSentDays(dataDir) {
  const file = path.join(dataDir, DEMO_RECORD_FILE);
  let record = { sentUntilMs: {} };
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw new Error(`${file} cannot be read (${error.message}); remove it only if the data folder is new`);
  }
  return {
    /** Whether `request` of `day` still has to be sent. */
    due: (day, request) => !UNIDENTIFIED_KINDS.has(request.kind) || request.atMs > (record.sentUntilMs[day] ?? -1),
    /** The day's unidentified requests up to `untilMs` are on the server: written before the next day starts. */
    markSent(day, untilMs) {
      record.sentUntilMs[day] = Math.max(untilMs, record.sentUntilMs[day] ?? -1);
      writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
      renameSync(`${file}.tmp`, file);
    },
  };
}
