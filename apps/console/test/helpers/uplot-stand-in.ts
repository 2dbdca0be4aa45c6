/**
 * uPlot draws on a canvas, which happy-dom lacks: this stand-in keeps each plot's options and data
 * for a test to read (`plots`). A test file uses it with
 * `vi.mock('uplot', () => import('./helpers/uplot-stand-in'))` and mocks the stylesheet alike.
 */
export interface RecordedPlot {
  options: { series: { label?: string }[]; hooks?: { draw?: unknown[] } };
  data: unknown[][];
}

/** Every plot made since the test file started (a test may empty it). */
export const plots: RecordedPlot[] = [];

export default class UplotStandIn {
  over = document.createElement('div');
  constructor(options: RecordedPlot['options'], data: unknown[][]) {
    plots.push({ options, data });
  }
  setSize() {}
  destroy() {}
  posToVal() {
    return 1;
  }
}
