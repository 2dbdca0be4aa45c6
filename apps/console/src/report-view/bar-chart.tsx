import type { ReactNode } from 'react';

export interface Bar {
  key: string;
  /** The row's name, with its controls when it has any (row-label.tsx). */
  label: ReactNode;
  /** null: no value, or hidden by the minimum cohort (then `text` says "< N"). */
  value: number | null;
  previous?: number | null;
  text: string;
}

/**
 * A ranking as horizontal bars: rows of a ranking have long names (page titles), which read
 * better beside a bar than under a column. Plain HTML and CSS; the comparison is a thinner,
 * lighter bar under each current one.
 */
export function BarChart({ bars }: { bars: Bar[] }) {
  const top = Math.max(1, ...bars.map((bar) => Math.max(bar.value ?? 0, bar.previous ?? 0)));
  const width = (value: number | null | undefined) => `${(100 * (value ?? 0)) / top}%`;
  return (
    <ol className="bar-chart">
      {bars.map((bar) => (
        <li key={bar.key} className="bar-chart__row">
          <span className="bar-chart__label">{bar.label}</span>
          <span className="bar-chart__track" aria-hidden="true">
            <span className="bar-chart__bar" style={{ width: width(bar.value) }} />
            {bar.previous !== undefined && <span className="bar-chart__bar bar-chart__bar--previous" style={{ width: width(bar.previous) }} />}
          </span>
          <span className="bar-chart__value">{bar.text}</span>
        </li>
      ))}
    </ol>
  );
}
