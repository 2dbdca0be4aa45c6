/**
 * The readings of a variant against the control that the comparison table shows
 * (results-comparison-table.tsx), one row each: the fixed-horizon figures, the always-valid ones
 * (mSPRT) and, when the server adjusted with a pre-period (CUPED), both again adjusted. Pure: it
 * only picks and divides the server's figures.
 */
import type { ActivityResults, Comparison } from '@mesura/protocol';

/** Which reading a row is. */
export type ReadingKind =
  /** The z-test and 95 % interval: valid read once, at the planned end. */
  | 'fixed'
  /** The always-valid p-value and interval: valid read every day. */
  | 'always-valid'
  /** CUPED-adjusted, fixed-horizon. */
  | 'cuped-fixed'
  /** CUPED-adjusted, always valid. */
  | 'cuped-always-valid';

export interface Reading {
  kind: ReadingKind;
  difference: number;
  differenceCi: [number, number];
  /** The interval divided by the control's rate (taken as known, as the server's lift is); null when that rate is 0. */
  liftCi: [number, number] | null;
  lift: number | null;
  pValue: number;
  /** Only on the fixed-horizon row: the Bayesian probability does not change with how often it is read. */
  probabilityToBeatControl: number | null;
  /** Only on the adjusted rows: the share of the variance CUPED removed. */
  varianceReduction: number | null;
}

const divided = (interval: [number, number], by: number): [number, number] => [interval[0] / by, interval[1] / by];

export function readingsOf(versus: Comparison, controlRate: number | null): Reading[] {
  const relative = (difference: number, ci: [number, number]) =>
    controlRate === null || controlRate <= 0 ? { lift: null, liftCi: null } : { lift: difference / controlRate, liftCi: divided(ci, controlRate) };
  const row = (kind: ReadingKind, difference: number, differenceCi: [number, number], pValue: number, varianceReduction: number | null = null): Reading => ({
    kind,
    difference,
    differenceCi,
    ...relative(difference, differenceCi),
    pValue,
    probabilityToBeatControl: kind === 'fixed' ? versus.probabilityToBeatControl : null,
    varianceReduction,
  });
  const readings = [
    { ...row('fixed', versus.difference, versus.differenceCi, versus.pValue), lift: versus.lift, liftCi: versus.liftCi },
    row('always-valid', versus.difference, versus.alwaysValid.differenceCi, versus.alwaysValid.pValue),
  ];
  const cuped = versus.cuped;
  if (cuped !== undefined) {
    readings.push(
      row('cuped-fixed', cuped.difference, cuped.differenceCi, cuped.pValue, cuped.varianceReduction),
      row('cuped-always-valid', cuped.difference, cuped.alwaysValid.differenceCi, cuped.alwaysValid.pValue, cuped.varianceReduction),
    );
  }
  return readings;
}

/** Each reading's name and the line under it, in Catalan; the adjusted ones name the pre-period. */
export function readingLabel(kind: ReadingKind, cuped: ActivityResults['cuped']): { name: string; note: string } {
  const days = cuped?.prePeriodDays ?? 0;
  switch (kind) {
    case 'fixed':
      return { name: 'Horitzó fix (IC 95\u00a0%)', note: 'Vàlid llegit una sola vegada, al final' };
    case 'always-valid':
      return { name: 'Interval sempre vàlid', note: 'Es pot consultar cada dia' };
    case 'cuped-fixed':
      return { name: 'Ajustat amb el període previ (CUPED)', note: `Pàgines vistes dels ${days} dies abans d'entrar-hi` };
    case 'cuped-always-valid':
      return { name: 'Ajustat, interval sempre vàlid', note: 'Es pot consultar cada dia' };
  }
}
