// A process's resident memory as the kernel counts it (/proc/<pid>/status), split the way that tells
// a growth apart: anonymous pages (the heap, DuckDB's and the allocators' memory, buffers), pages of
// mapped files (the binaries and libraries; DuckDB reads its file with pread, so its pages count only
// in the page cache, not here) and shared memory. Linux only; elsewhere every figure is undefined.
import { readFileSync } from 'node:fs';

const KIB_PER_MIB = 1024;
/** The fields read, by the name the benchmark gives the figure. */
const FIELDS = { rssMiB: 'VmRSS', anonMiB: 'RssAnon', fileMiB: 'RssFile', shmemMiB: 'RssShmem', threads: 'Threads' };

/** `{rssMiB, anonMiB, fileMiB, shmemMiB, threads}` of the process `pid`. */
export function readProcessMemory(pid) {
  let text = '';
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return {};
  }
  const values = new Map(
    text
      .split('\n')
      .map((line) => line.split(/:\s+/))
      .filter((parts) => parts.length === 2)
      .map(([key, value]) => [key, Number.parseInt(value, 10)]),
  );
  const figures = {};
  for (const [figure, field] of Object.entries(FIELDS)) {
    const value = values.get(field);
    if (value !== undefined) figures[figure] = field === 'Threads' ? value : value / KIB_PER_MIB;
  }
  return figures;
}
