// The statements of the HTTP interface, each run on a chDB session of its own over one data folder.
// A chDB session runs one statement at a time, but several sessions over the same folder run at
// once and see each other's tables and system.processes, as a server's connections do: so a
// statement takes an idle session (or opens one) for itself, and gives it back when it ends.

import { randomUUID } from 'node:crypto';
import { ADAPTER_CODES, adapterError, fromChdbError } from './clickhouse-errors.mjs';

/** As scripts/services/clickhouse.sh's server: a statement past this many running at once is refused. */
export const MAX_CONCURRENT_QUERIES = 100;

/**
 * Where chDB's defaults differ from a server's in what a statement means, set back to the server's
 * on every session: chDB lets a bare expression be a query (implicit_select), allows introspection
 * functions, and waits for every mutation (mutations_sync 1), which would hide whether the store
 * waits for its own (mutations.ts polls system.mutations).
 */
export const SERVER_SETTINGS = Object.freeze({ implicit_select: '0', allow_introspection_functions: '0', mutations_sync: '0' });

/** A database or setting name the adapter writes into a statement: plain identifiers only. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,199}$/;
/** A setting's value the adapter writes into a statement between quotes: nothing that needs escaping. */
const PLAIN_VALUE = /^[A-Za-z0-9_.:+-]{0,200}$/;

/**
 * @typedef {object} Statement
 * @property {string} sql
 * @property {string} [database] the statement's default database (default `default`)
 * @property {Record<string, string>} [settings] its settings, for this statement only
 * @property {string} [queryId] default a random UUID, as a server makes one
 * @property {string} [format] the output format when the statement names none (default TabSeparated)
 */

export class ChdbSessions {
  /** @type {any[]} */
  #idle = [];
  #busy = 0;
  /** @type {Set<string>} */
  #running = new Set();
  /** @type {(() => void) | undefined} */
  #onIdle;

  /**
   * @param {{ Session: any, path: string, connectionArgs: string[] }} options chdb's Session class,
   *   the data folder and the engine's command-line arguments (the same for every session)
   */
  constructor(options) {
    this.options = options;
  }

  /** Opens one session and runs `SELECT version()`, so that the engine is loaded before the first request. */
  async version() {
    const session = await this.#take();
    try {
      return (await session.queryAsync('SELECT version()', { format: 'TabSeparated' })).text().trim();
    } finally {
      this.#idle.push(session);
    }
  }

  /**
   * Runs one statement and answers its output in its format, or throws a ClickHouseError.
   * @param {Statement} statement
   * @returns {Promise<{ queryId: string, body: Uint8Array }>}
   */
  async run(statement) {
    const queryId = statement.queryId || randomUUID();
    const database = statement.database || 'default';
    const settings = Object.entries(statement.settings ?? {});
    checkNames(database, settings);
    if (this.#running.has(queryId)) {
      throw adapterError(ADAPTER_CODES.QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING, `Query with id = ${queryId} is already running`);
    }
    if (this.#busy >= MAX_CONCURRENT_QUERIES) {
      throw adapterError(ADAPTER_CODES.TOO_MANY_SIMULTANEOUS_QUERIES, `Too many simultaneous queries. Maximum: ${MAX_CONCURRENT_QUERIES}`);
    }
    this.#running.add(queryId);
    this.#busy += 1;
    let session;
    try {
      session = await this.#take();
      const body = await runOn(session, statement.sql, database, settings, statement.format ?? 'TabSeparated');
      return { queryId, body };
    } catch (error) {
      throw fromChdbError(error);
    } finally {
      if (session) await this.#giveBack(session, settings);
      this.#running.delete(queryId);
      this.#busy -= 1;
      if (this.#busy === 0) this.#onIdle?.();
    }
  }

  /** Waits for the running statements, then closes every session. */
  async close() {
    if (this.#busy > 0) await new Promise((resolve) => (this.#onIdle = () => resolve(undefined)));
    for (const session of this.#idle.splice(0)) session.close();
  }

  async #take() {
    const idle = this.#idle.pop();
    if (idle) return idle;
    const { Session, path, connectionArgs } = this.options;
    const session = new Session(path, { connectionArgs });
    for (const [name, value] of Object.entries(SERVER_SETTINGS)) {
      await session.queryAsync(`SET ${name} = '${value}'`, { format: 'TabSeparated' });
    }
    return session;
  }

  /** Sets the statement's settings back (to the server's value, else the default) before another takes the session. */
  async #giveBack(session, settings) {
    try {
      for (const [name] of settings) {
        const value = Object.hasOwn(SERVER_SETTINGS, name) ? `'${SERVER_SETTINGS[name]}'` : 'DEFAULT';
        await session.queryAsync(`SET ${name} = ${value}`, { format: 'TabSeparated' });
      }
      this.#idle.push(session);
    } catch {
      // A session whose settings cannot be made plain again is not reused.
      session.close();
    }
  }
}

/** The statement on its session: its database, its settings, then the statement itself. */
async function runOn(session, sql, database, settings, format) {
  await session.queryAsync(`USE ${database}`, { format: 'TabSeparated' });
  for (const [name, value] of settings) {
    await session.queryAsync(`SET ${name} = '${value}'`, { format: 'TabSeparated' });
  }
  return (await session.queryAsync(sql, { format })).bytes();
}

/** Refuses names and values the adapter could only write into a statement by escaping them. */
function checkNames(database, settings) {
  if (!IDENTIFIER.test(database)) {
    throw adapterError(ADAPTER_CODES.BAD_ARGUMENTS, `the chDB adapter takes plain database names only, not '${database.slice(0, 60)}'`);
  }
  for (const [name, value] of settings) {
    if (!IDENTIFIER.test(name) || !PLAIN_VALUE.test(value)) {
      throw adapterError(ADAPTER_CODES.BAD_ARGUMENTS, `the chDB adapter takes settings of plain names and values only, not '${name.slice(0, 60)}'`);
    }
  }
}
