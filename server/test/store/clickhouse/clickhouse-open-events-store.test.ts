/**
 * openEventsStore gives the same shape on both engines (store/open-events-store.ts EventsStore), so
 * that app.ts never asks which one runs; what differs is what each part is, per engine and role.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { openEventsStore, parseEventsStore, type EventsStore, type OpenEventsStoreOptions } from '../../../src/store/open-events-store.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';

/** openEventsStore says only what it warns of and which migrations ran. */
const SILENT_LOG = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function options(store: string | undefined, role: { collects: boolean; servesConsole: boolean }): OpenEventsStoreOptions {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-events-store-'));
  dirs.push(dataDir);
  return {
    setting: parseEventsStore(store),
    dataDir,
    logDir: path.join(dataDir, 'ingest-log'),
    variables: ['section'],
    timeZone: 'Europe/Madrid',
    collectorName: undefined,
    ...role,
    startsWithoutStore: false,
    embeddedMetadata: false,
    retentionDays: 396,
    now: () => Date.UTC(2026, 10, 27),
    log: SILENT_LOG,
  };
}

/** What each part is, as far as a caller can tell without asking the engine. */
function shapeOf(events: EventsStore) {
  return {
    keepsIngestLog: events.keepsIngestLog,
    retries: events.drainRetry !== undefined,
    rights: events.rights !== undefined,
    dayRollups: events.dayRollups.length,
    embedded: events.embedded !== undefined,
  };
}

describeWithClickHouse('openEventsStore: one shape on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const url = () => `clickhouse://${db().location.username}:${db().location.password}@${db().location.endpoint.replace(/^https?:\/\//, '')}/${db().location.database}`;
  const all = { collects: true, servesConsole: true };

  it('has the same parts on both engines, each part doing what its engine does', async () => {
    const embedded = await openEventsStore(options(undefined, all));
    const shared = await openEventsStore(options(url(), all));
    try {
      expect(Object.keys(shared).sort()).toEqual(Object.keys(embedded).sort());
      expect(shapeOf(embedded)).toEqual({ keepsIngestLog: true, retries: false, rights: true, dayRollups: 0, embedded: true });
      expect(shapeOf(shared)).toEqual({ keepsIngestLog: true, retries: true, rights: true, dayRollups: 3, embedded: false });
    } finally {
      await embedded.close();
      await shared.close();
    }
  });

  it('on ClickHouse, keeps rights, retention and roll-ups where the console is served, and an ingest log where events are collected', async () => {
    const collector = await openEventsStore(options(url(), { collects: true, servesConsole: false }));
    const api = await openEventsStore(options(url(), { collects: false, servesConsole: true }));
    try {
      expect(shapeOf(collector)).toMatchObject({ keepsIngestLog: true, rights: false, dayRollups: 0 });
      expect(shapeOf(api)).toMatchObject({ keepsIngestLog: false, rights: true, dayRollups: 3 });
    } finally {
      await collector.close();
      await api.close();
    }
  });
});
