/**
 * A key figure's trend line: its daily values as a small line, without axes. It is decorative (the
 * figure and its change are said in words beside it), so it is hidden from assistive technology.
 */

/** The drawing box, in SVG units; the line scales to the box the stylesheet gives it. */
const SPARKLINE_WIDTH = 120;
const SPARKLINE_HEIGHT = 32;
/** Room kept above and below the line so its stroke is not cut. */
const SPARKLINE_PAD = 2;

/**
 * The line's SVG path over `values`, spread across the width, the lowest value at the bottom and
 * the highest at the top (a flat series in the middle). A null (no value, or hidden by the minimum
 * cohort) breaks the line; empty when no value is drawn. With `only`, just the steps from its first
 * to its last position are drawn, on the scale of the whole series.
 */
export function sparklinePath(values: readonly (number | null)[], width = SPARKLINE_WIDTH, height = SPARKLINE_HEIGHT, only?: { from: number; to: number }): string {
  const shown = values.filter((value): value is number => value !== null);
  if (shown.length === 0) return '';
  const low = Math.min(...shown);
  const high = Math.max(...shown);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const yOf = (value: number) => (high === low ? height / 2 : SPARKLINE_PAD + ((high - value) / (high - low)) * (height - 2 * SPARKLINE_PAD));
  let path = '';
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null || (only && (i < only.from || i > only.to))) {
      drawing = false;
      return;
    }
    const x = values.length > 1 ? i * step : width / 2;
    path += `${drawing ? 'L' : 'M'}${round(x)} ${round(yOf(value))}`;
    drawing = true;
  });
  return path;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The trend line; with `lastPartial` (the last day is today, still under way) its last step is
 * drawn dashed and lighter, so that today's low figure does not read as a fall.
 */
export function Sparkline({ values, lastPartial = false }: { values: readonly (number | null)[]; lastPartial?: boolean }) {
  // A single day is a point, not a line: a dot shows where it is.
  const lone = values.filter((value) => value !== null).length === 1;
  const last = values.length - 1;
  const split = lastPartial && !lone && last >= 2;
  const path = sparklinePath(values, SPARKLINE_WIDTH, SPARKLINE_HEIGHT, split ? { from: 0, to: last - 1 } : undefined);
  const partial = split ? sparklinePath(values, SPARKLINE_WIDTH, SPARKLINE_HEIGHT, { from: last - 1, to: last }) : '';
  return (
    <svg className="sparkline" viewBox={`0 0 ${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {path !== '' && <path d={lone ? `${path}h0.1` : path} className={lone ? 'sparkline__dot' : 'sparkline__line'} vectorEffect="non-scaling-stroke" />}
      {partial !== '' && <path d={partial} className="sparkline__line sparkline__line--partial" vectorEffect="non-scaling-stroke" />}
    </svg>
  );
}
