// The comparison table's arithmetic and text, kept pure so that bench/peers/compare.test.mjs can
// check it on made-up sizes.

/** Sizes are printed as bench/sdk-size.mjs prints them: KiB with two decimals. */
export const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/**
 * One row per job: Mesura's gzipped bytes (each bundle gzipped on its own, as the server sends
 * them, then added up) and each peer's, with the ratio peer / Mesura.
 * `mesuraGzip` maps a Mesura file name to its gzipped bytes, `peerGzip` an entry to its.
 */
export function compareJobs(jobs, { mesuraGzip, peerGzip }) {
  return jobs.map((job) => {
    const files = job.mesura.map((bundle) => bundle.file);
    const mesura = files.reduce((sum, file) => sum + sizeOf(mesuraGzip, file), 0);
    const peers = job.peers.map((peer) => {
      if (peer.none) return { name: peer.name, none: peer.none };
      const gzip = sizeOf(peerGzip, peer.entry);
      return { name: peer.name, gzip, ratio: gzip / mesura };
    });
    return { job: job.name, files, mesura, peers };
  });
}

function sizeOf(sizes, name) {
  const size = sizes.get(name);
  if (size === undefined) throw new Error(`no size measured for ${name}: measure every file a job names first`);
  return size;
}

/** The table's lines: per job, Mesura's total and files, then one line per peer. */
export function formatComparison(rows) {
  const lines = [];
  for (const row of rows) {
    lines.push(`${row.job}`);
    lines.push(`  ${'Mesura'.padEnd(24)}${kb(row.mesura).padStart(11)}   (${row.files.join(' + ')})`);
    for (const peer of row.peers) {
      const figures = peer.none ? `${'—'.padStart(11)}   (${peer.none})` : `${kb(peer.gzip).padStart(11)}   ${peer.ratio.toFixed(2)}× Mesura`;
      lines.push(`  ${peer.name.padEnd(24)}${figures}`);
    }
  }
  return lines;
}
