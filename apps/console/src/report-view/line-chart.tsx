import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CURRENT_LINE_COLOUR, FURTHER_SERIES_COLOURS, PREVIOUS_LINE_COLOUR } from './line-chart-colours';

/** Height of a line chart, in CSS pixels; its width follows its box. */
const LINE_CHART_HEIGHT_PX = 220;
/** Least room between two labels of the horizontal axis, in CSS pixels. */
const X_LABEL_SPACE_PX = 70;
/** A character of uPlot's axis font (12 px sans-serif) at its widest for digits, in CSS pixels. */
const AXIS_CHAR_PX = 7;
/** Clear room kept between two labels of the horizontal axis, in CSS pixels. */
const X_LABEL_GAP_PX = 16;

/**
 * Room between two labels of the horizontal axis: enough for the longest, so that long labels
 * ("dv. 20/11/2026") never run into each other on a narrow screen; uPlot then labels fewer steps.
 */
export function xLabelSpace(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.max(X_LABEL_SPACE_PX, longest * AXIS_CHAR_PX + X_LABEL_GAP_PX);
}
/** Room above the highest point, as a share of it. */
const Y_HEADROOM = 1.1;
/**
 * The vertical axis's steps for whole counts (1, 2, 5 and their powers of ten): uPlot's own steps
 * go down to tenths, which a count's labels round to repeated whole numbers (0, 0, 0, 1, 1, 1).
 */
export const WHOLE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();
/** Room kept around the plot (top, right, bottom, left), in CSS pixels, so the last step's label is not cut. */
const PLOT_PADDING_PX: [number, number, number, number] = [12, 48, 0, 0];
/** A note's mark (annotation-marks.ts): a dashed line over its step, its number at the top, in a colour apart from the series'. */
const ANNOTATION_MARK_COLOUR = '#7a4b00';
/** The mark's number, in CSS pixels (the canvas's font is set in device pixels). */
const ANNOTATION_MARK_FONT_PX = 11;
/** The steps still under way: a light band over them, and its words. */
const PARTIAL_BAND_COLOUR = 'rgba(90, 90, 90, 0.12)';
const PARTIAL_TEXT_COLOUR = '#4a4a4a';
const PARTIAL_WORDS = 'en curs';

export interface LineSeries {
  /** One point per step (day, hour); null is a gap (no value, or hidden by the minimum cohort). */
  current: (number | null)[];
  /** The comparison period, step for step, drawn lighter and dashed. */
  previous?: (number | null)[];
  /** More series drawn with the current one, each in its colour (FURTHER_SERIES_COLOURS), e.g. an activity's experiences. */
  further?: { label: string; values: (number | null)[] }[];
  /** The first step still under way (today in a series of days): drawn shaded and marked «en curs», so its low figure does not read as a drop. */
  partialFrom?: number;
}

/** A note on a step of the chart, drawn with its number in the list under it. */
export interface ChartMark {
  position: number;
  number: number;
}

interface LineChartProps extends LineSeries {
  /** The label of each step, for the horizontal axis. */
  labels: string[];
  formatValue: (value: number) => string;
  /** The figures are whole counts: the vertical axis steps by WHOLE_STEPS. */
  wholeSteps?: boolean;
  /** Notes drawn over their steps. */
  marks?: readonly ChartMark[];
  /** A click on the plot picks the nearest step (a pointer's shortcut; the notes' button is the keyboard's way). */
  onPickStep?: (position: number) => void;
}

/**
 * uPlot drawn into a box over the steps of a time series. The steps are positions 0…n-1 labelled
 * by the report's row labels, so any series (days, hours) draws the same way. The default export
 * lets report-chart.tsx load uPlot as a chunk of its own, only when a line is drawn.
 */
export default function LineChart({ labels, current, previous, further, partialFrom, formatValue, wholeSteps, marks, onPickStep }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const positions = labels.map((_, i) => i);
    const series: uPlot.Series[] = [{}, { label: 'Període actual', stroke: CURRENT_LINE_COLOUR, width: 2 }];
    const data: uPlot.AlignedData = [positions, current];
    if (previous) {
      series.push({ label: 'Període anterior', stroke: PREVIOUS_LINE_COLOUR, width: 2, dash: [6, 4] });
      data.push(previous);
    }
    further?.forEach((line, i) => {
      series.push({ label: line.label, stroke: FURTHER_SERIES_COLOURS[i % FURTHER_SERIES_COLOURS.length]!, width: 2 });
      data.push(line.values);
    });
    const plot = new uPlot(
      {
        width: element.clientWidth || 640,
        height: LINE_CHART_HEIGHT_PX,
        padding: PLOT_PADDING_PX,
        legend: { show: false },
        cursor: { show: false },
        // Every figure drawn is a count, a time or a share: the axis starts at zero, so a small change is not drawn as a fall.
        scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * Y_HEADROOM : 1] } },
        axes: [
          { space: xLabelSpace(labels), incrs: [1, 2, 3, 6, 7, 12, 14, 24, 30, 60, 90, 180], values: (_u, splits) => splits.map((i) => labels[i] ?? '') },
          { size: 70, ...(wholeSteps && { incrs: WHOLE_STEPS }), values: (_u, splits) => splits.map(formatValue) },
        ],
        series,
        hooks: {
          draw: [...(partialFrom !== undefined ? [(u: uPlot) => drawPartial(u, partialFrom, labels.length)] : []), ...(marks?.length ? [(u: uPlot) => drawMarks(u, marks)] : [])],
        },
      },
      data,
      element,
    );
    const pick = (event: MouseEvent) => {
      const plotLeft = plot.over.getBoundingClientRect().left;
      const position = Math.round(plot.posToVal(event.clientX - plotLeft, 'x'));
      if (position >= 0 && position < labels.length) onPickStep?.(position);
    };
    if (onPickStep) element.addEventListener('click', pick);
    // The chart follows its box's width (the console is usable down to 768 px).
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: LINE_CHART_HEIGHT_PX }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      element.removeEventListener('click', pick);
      plot.destroy();
    };
  }, [labels, current, previous, further, partialFrom, formatValue, wholeSteps, marks, onPickStep]);

  return <div ref={box} className={onPickStep ? 'line-chart line-chart--pickable' : 'line-chart'} />;
}

/** The steps from `from` on, shaded from half a step before to the plot's end, with their words at the top. */
function drawPartial(u: uPlot, from: number, steps: number): void {
  const { ctx, bbox } = u;
  const ratio = window.devicePixelRatio || 1;
  const left = Math.max(bbox.left, Math.round(u.valToPos(from - 0.5, 'x', true)));
  const right = Math.max(left, Math.round(u.valToPos(Math.max(from, steps - 1) + 0.5, 'x', true)));
  ctx.save();
  ctx.fillStyle = PARTIAL_BAND_COLOUR;
  ctx.fillRect(left, bbox.top, Math.min(right, bbox.left + bbox.width) - left, bbox.height);
  ctx.fillStyle = PARTIAL_TEXT_COLOUR;
  ctx.font = `${ANNOTATION_MARK_FONT_PX * ratio}px sans-serif`;
  ctx.textAlign = 'right';
  ctx.fillText(PARTIAL_WORDS, bbox.left + bbox.width, bbox.top + (ANNOTATION_MARK_FONT_PX + 2) * ratio);
  ctx.restore();
}

/** Each mark as a dashed line across the plot with its number above, in canvas pixels. */
function drawMarks(u: uPlot, marks: readonly ChartMark[]): void {
  const { ctx, bbox } = u;
  const ratio = window.devicePixelRatio || 1;
  ctx.save();
  ctx.strokeStyle = ANNOTATION_MARK_COLOUR;
  ctx.fillStyle = ANNOTATION_MARK_COLOUR;
  ctx.lineWidth = ratio;
  ctx.setLineDash([4 * ratio, 3 * ratio]);
  ctx.font = `bold ${ANNOTATION_MARK_FONT_PX * ratio}px sans-serif`;
  ctx.textAlign = 'center';
  for (const mark of marks) {
    const x = Math.round(u.valToPos(mark.position, 'x', true));
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.fillText(String(mark.number), x, bbox.top - 2 * ratio);
  }
  ctx.restore();
}
