/** An activity's figures as people read them, the Catalan way (src/reports/format.ts for counts). */
import { DISPLAY_LOCALE } from '../../reports/constants';
import { formatCount } from '../../reports/format';

const rateFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedRateFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const pointsFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const pValueFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const probabilityFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** Below this a p-value is written "< 0,001": more digits say nothing more. */
const SMALLEST_P_VALUE_SHOWN = 0.001;

/** What a hidden figure reads: "< 5" under the server's default cohort. */
export function hiddenFigure(minCohort: number): string {
  return `< ${minCohort}`;
}

export function formatVisitors(value: number): string {
  return formatCount(value);
}

/** 0.0345 → "3,45 %". */
export function formatRate(value: number): string {
  return rateFormat.format(value);
}

/** A difference of rates in percentage points: 0.012 → "+1,20 pp". */
export function formatPoints(value: number): string {
  return `${pointsFormat.format(value * 100)} pp`;
}

/** A relative change: 0.125 → "+12,5 %". */
export function formatLift(value: number): string {
  return signedRateFormat.format(value);
}

/** A 95 % interval as "[−0,50 pp; +2,90 pp]". */
export function formatInterval([low, high]: [number, number], format: (value: number) => string): string {
  return `[${format(low)}; ${format(high)}]`;
}

/** 0.0342 → "0,034"; below 0,001 → "< 0,001". */
export function formatPValue(value: number): string {
  return value < SMALLEST_P_VALUE_SHOWN ? `< ${pValueFormat.format(SMALLEST_P_VALUE_SHOWN)}` : pValueFormat.format(value);
}

/** 0.873 → "87,3 %". */
export function formatProbability(value: number): string {
  return probabilityFormat.format(value);
}

const shareFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent', maximumFractionDigits: 0 });

/** The share of the variance an adjustment removed: 0.384 → "−38 %". */
export function formatVarianceReduction(value: number): string {
  return `−${shareFormat.format(value)}`;
}
