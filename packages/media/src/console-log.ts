/** The default log: the console, only when config.debug is true (§9 "debug logging off"). */
import type { LogEntry } from './deps.js';

const PREFIX = '[mesura media]';

export function consoleLog(debug: boolean): (entry: LogEntry) => void {
  return (entry) => {
    if (debug && typeof console !== 'undefined') console[entry.level](PREFIX, entry.message);
  };
}
