import { getHeapStatistics } from 'node:v8';
import type { MemoryBudget } from './memory-budget.js';

/**
 * V8's heap limit is the old generation plus the young one's semi-spaces: `--max-old-space-size=512`
 * reads back as 560 MiB. A limit past the old generation's share by more than this was not set from
 * the budget.
 */
export const HEAP_LIMIT_SLACK_MIB = 128;

/**
 * One line for the operator when the process was started without the budget's heap bound (V8 then
 * sizes the heap from the machine: 4 GiB on a 24 GiB host), naming the flag that bounds it; nothing
 * when it is bounded. The flag can only be given at launch: V8 fixes the limit when it starts.
 */
export function heapLimitAdvice(memory: MemoryBudget, heapLimitMiB: number = getHeapStatistics().heap_size_limit / 2 ** 20): string | undefined {
  if (heapLimitMiB <= memory.nodeHeapMiB + HEAP_LIMIT_SLACK_MIB) return undefined;
  return (
    `the Node heap may grow to ${Math.round(heapLimitMiB)} MiB, past the ${memory.nodeHeapMiB} MiB that MESURA_MEMORY_MIB=${memory.totalMiB} leaves it: ` +
    `start node with --max-old-space-size=${memory.nodeHeapMiB} (docs/operations.md, "Memory")`
  );
}
