// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '@mesura/test-utils/react';
import LineChart from '../src/report-view/line-chart';
import { plots } from './helpers/uplot-stand-in';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

// A count's vertical axis drew "0, 0, 0, 1, 1, 1" on a period without data (uPlot's steps of a
// tenth, rounded by the count's format): a count's axis steps by whole numbers only.

const mounted = mountedRoot();
afterEach(() => {
  plots.length = 0;
});

type Axis = { incrs?: number[] };
const verticalAxis = () => (plots.at(-1)!.options as unknown as { axes: Axis[] }).axes[1]!;

describe("a line chart's vertical axis", () => {
  it('steps by whole numbers when the figures are counts', async () => {
    await mounted.mount(<LineChart labels={['a', 'b']} current={[0, 0]} formatValue={String} wholeSteps />);
    const steps = verticalAxis().incrs!;
    expect(steps[0]).toBe(1);
    expect(steps.every((step) => Number.isInteger(step))).toBe(true);
    // Enough steps for a busy day's page views, each larger than the last.
    expect(steps.at(-1)).toBeGreaterThanOrEqual(1_000_000);
    expect(steps.every((step, i) => i === 0 || step > steps[i - 1]!)).toBe(true);
  });

  it("keeps uPlot's own steps for shares and times", async () => {
    await mounted.mount(<LineChart labels={['a', 'b']} current={[0.25, 0.5]} formatValue={String} />);
    expect(verticalAxis().incrs).toBeUndefined();
  });
});
