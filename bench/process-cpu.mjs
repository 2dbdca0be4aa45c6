// CPU time spent by processes (every thread) and by one thread of a process, read from Linux's
// /proc, for the benchmarks' cost per event: what a load generator, a server and ClickHouse each
// spend on one request, where throughput alone cannot tell who held the machine's cores.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ; 100 on every common Linux build). */
const CLOCK_TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User and system CPU seconds of a process (every thread) or, with `tid`, of one thread; undefined when unreadable. */
export function cpuSeconds(pid, tid) {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}

/**
 * Starts measuring the named targets ({ pid, tid? }, or 'self' for this process, every thread);
 * `stop()` answers the CPU seconds each spent since, undefined where /proc could not tell.
 */
export function cpuMeter(targets) {
  const read = (target) => (target === 'self' ? selfSeconds() : target?.pid ? cpuSeconds(target.pid, target.tid) : undefined);
  const start = Object.fromEntries(Object.entries(targets).map(([name, target]) => [name, read(target)]));
  return {
    stop: () =>
      Object.fromEntries(
        Object.entries(targets).map(([name, target]) => {
          const now = read(target);
          return [name, now === undefined || start[name] === undefined ? undefined : now - start[name]];
        }),
      ),
  };
}

function selfSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Microseconds of CPU per event, one decimal, or 'n/a'. */
export function microsPerEvent(seconds, events) {
  return seconds === undefined || events === 0 ? 'n/a' : ((seconds * 1e6) / events).toFixed(1);
}
