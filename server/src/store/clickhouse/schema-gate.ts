/**
 * The events tables, made once ClickHouse answers (ensure-schema.ts). A process that must make them
 * before it does anything calls `ready()` at its start; a collector that starts while ClickHouse
 * cannot be reached (open-clickhouse-events.ts) calls it before each write instead, so that its
 * first drain after ClickHouse is back makes them.
 */
export interface SchemaGate {
  /** Whether the tables have been made by this process. */
  readonly made: boolean;
  /**
   * Resolves once the tables are made. Calls made meanwhile share one attempt; an attempt that
   * fails rejects them all, and the next call tries again.
   */
  ready(): Promise<void>;
}

export function schemaGate(make: () => Promise<void>): SchemaGate {
  let made = false;
  let attempt: Promise<void> | undefined;
  return {
    get made() {
      return made;
    },
    ready() {
      if (made) return Promise.resolve();
      attempt ??= make().then(
        () => {
          made = true;
          attempt = undefined;
        },
        (error: unknown) => {
          attempt = undefined;
          throw error;
        },
      );
      return attempt;
    },
  };
}
