/**
 * The roll-ups ClickHouse keeps itself (rollup-cells.ts), in the order ensureSchema makes them:
 * the page rankings' cells and the engagement rankings'.
 */
import { LINK_CELLS } from './link-cells.js';
import { PAGE_VIEW_CELLS } from './page-view-cells.js';
import type { CellsRollup } from './rollup-cells.js';

export const CELLS_ROLLUPS: readonly CellsRollup[] = [PAGE_VIEW_CELLS, LINK_CELLS];
