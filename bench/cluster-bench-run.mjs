// How a cluster benchmark runs (bench/cluster.mjs, bench/collector-cost.mjs): its main() is handed
// `started`, where it puts the Processes and the ClickHouse service it starts; past the hard time
// limit or on Ctrl-C every one of them is ended at once, so that a bench always stops and leaves
// no process behind. The exit code is main()'s (process.exitCode), 1 when it threw.
export function runClusterBench(name, hardLimitMs, main) {
  const started = { processes: undefined, clickHouse: undefined };
  const abandon = (code, why) => {
    process.stderr.write(`${name}: ${why}\n`);
    started.processes?.killAllNow();
    started.clickHouse?.stopNow();
    process.exit(code);
  };
  const limit = setTimeout(() => abandon(2, 'hard time limit reached'), hardLimitMs);
  limit.unref();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => abandon(130, signal));
  main(started).then(
    () => process.exit(process.exitCode ?? 0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
