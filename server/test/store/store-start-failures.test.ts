/**
 * Which failures at a collector's start it waits out (open-clickhouse-events.ts, postgres-pool.ts):
 * those that may pass by themselves, and not a setting that is wrong.
 */
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ClickHouseQueryError } from '../../src/store/clickhouse/clickhouse-transport.js';
import { clickHouseFailurePasses, openClickHouseEvents } from '../../src/store/clickhouse/open-clickhouse-events.js';
import { metadataFailurePasses } from '../../src/store/postgres/postgres-pool.js';

const networkError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
const postgresError = (code: string) => Object.assign(new pg.DatabaseError('refused', 0, 'error'), { code });

describe('a failure to reach PostgreSQL at a start', () => {
  it('passes when nothing answers, or PostgreSQL cannot serve yet', () => {
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']) expect(metadataFailurePasses(networkError(code)), code).toBe(true);
    for (const message of ['timeout expired', 'timeout exceeded when trying to connect', 'Connection terminated unexpectedly']) {
      expect(metadataFailurePasses(new Error(message)), message).toBe(true);
    }
    // Starting up, shutting down, too many clients, a connection failure it reports itself.
    for (const code of ['57P03', '57P01', '53300', '08006']) expect(metadataFailurePasses(postgresError(code)), code).toBe(true);
  });

  it('does not pass for a wrong password, an unknown database, or a TLS or password setting the client refuses', () => {
    for (const code of ['28P01', '28000', '3D000', '42501']) expect(metadataFailurePasses(postgresError(code)), code).toBe(false);
    for (const message of ['The server does not support SSL connections', 'SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string']) {
      expect(metadataFailurePasses(new Error(message)), message).toBe(false);
    }
  });
});

describe('a failure to make the ClickHouse tables at a start', () => {
  it('passes when nothing answers, or ClickHouse cannot serve now', () => {
    expect(clickHouseFailurePasses(networkError('ECONNREFUSED'))).toBe(true);
    expect(clickHouseFailurePasses(new Error('Timeout error.'))).toBe(true);
    for (const code of [202, 241, 242, 999]) expect(clickHouseFailurePasses(new ClickHouseQueryError(code, `ClickHouse: Code: ${code}`)), String(code)).toBe(true);
  });

  it('does not pass for an answer that names a setting: a wrong password, a database it may not make', () => {
    for (const code of [192, 193, 516, 497, undefined]) expect(clickHouseFailurePasses(new ClickHouseQueryError(code, 'ClickHouse: refused')), String(code)).toBe(false);
  });
});

describe('a collector start towards a ClickHouse that accepts connections and never answers', () => {
  it('goes on without it once the start probe times out, instead of holding the start for a request timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const events = await openClickHouseEvents({ url: `clickhouse://default:@127.0.0.1:${port}/mesura`, variables: [], now: Date.now, whileUnreachable: 'wait', startProbeTimeoutMs: 200 });
      expect(events.unreachable?.message).toMatch(/^ClickHouse at clickhouse:\/\/default@127\.0\.0\.1:\d+\/mesura could not make the events tables: .*[Tt]imeout/);
      expect(events.schema.isOpen).toBe(false);
      await events.close();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
