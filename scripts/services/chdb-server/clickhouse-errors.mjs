// Errors written the way a ClickHouse server writes them over HTTP, so that @clickhouse/client (and
// the store's transport behind it) reads the same code and type from the adapter as from a server.

/** ClickHouse's codes the adapter raises itself, with their names. */
export const ADAPTER_CODES = {
  UNKNOWN_DATABASE: { code: 81, type: 'UNKNOWN_DATABASE' },
  TOO_MANY_SIMULTANEOUS_QUERIES: { code: 202, type: 'TOO_MANY_SIMULTANEOUS_QUERIES' },
  QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING: { code: 216, type: 'QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING' },
  AUTHENTICATION_FAILED: { code: 516, type: 'AUTHENTICATION_FAILED' },
  NOT_IMPLEMENTED: { code: 48, type: 'NOT_IMPLEMENTED' },
  BAD_ARGUMENTS: { code: 36, type: 'BAD_ARGUMENTS' },
  STD_EXCEPTION: { code: 1001, type: 'STD_EXCEPTION' },
};

/** An error with ClickHouse's code and its whole text (`Code: 60. DB::Exception: … (UNKNOWN_TABLE)`). */
export class ClickHouseError extends Error {
  /**
   * @param {number} code
   * @param {string} text the server's text, beginning `Code: N. DB::Exception:`
   */
  constructor(code, text) {
    super(text);
    this.code = code;
  }
}

/**
 * An error the adapter raises, worded as ClickHouse words its own.
 * @param {{ code: number, type: string }} kind one of ADAPTER_CODES
 * @param {string} message
 */
export function adapterError(kind, message) {
  return new ClickHouseError(kind.code, `Code: ${kind.code}. DB::Exception: ${message}. (${kind.type})`);
}

/** Where chDB's message holds the engine's own text: it may put `Query failed: ` before it. */
const ENGINE_TEXT = /Code: (\d+)\. DB::Exception: [\s\S]*$/;

/**
 * chDB's error as the server's: the engine's text from `Code:` on (chDB's errors carry it whole).
 * Anything else (a failure of the binding itself) becomes STD_EXCEPTION, as a server reports a
 * C++ exception that is not one of its own.
 * @param {unknown} error
 * @returns {ClickHouseError}
 */
export function fromChdbError(error) {
  if (error instanceof ClickHouseError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const engine = ENGINE_TEXT.exec(message);
  if (engine) return new ClickHouseError(Number(engine[1]), engine[0].trim());
  return adapterError(ADAPTER_CODES.STD_EXCEPTION, message.split('\n')[0] ?? 'unknown error');
}
