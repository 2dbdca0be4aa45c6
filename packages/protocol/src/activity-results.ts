/**
 * What GET /api/reports/activities/:id and its /over-time route answer (server/src/decide/
 * activity-report.ts, activity-over-time.ts), read by the console's experiments area. An
 * experience with fewer distinct visitors than the minimum cohort is answered hidden: its figures
 * are null and it takes part in no comparison that would show them.
 */
import type { Activity } from './activity-definition.js';

/** A variant against the control (server/src/decide/statistics.ts `compare`). */
export interface Comparison {
  /** Variant rate minus control rate, with its 95 % interval (unpooled normal approximation). */
  difference: number;
  differenceCi: [number, number];
  /** difference / control rate, with the interval divided the same way (control rate taken as known); null when the control rate is 0. */
  lift: number | null;
  liftCi: [number, number] | null;
  /** Two-sided pooled two-proportion z-test. */
  zScore: number;
  pValue: number;
  /** P(p_variant > p_control) under independent Beta(1 + conversions, 1 + non-conversions) posteriors. */
  probabilityToBeatControl: number;
  /** The same difference read with always-valid figures, which may be looked at every day (server/src/decide/statistics-sequential.ts). */
  alwaysValid: AlwaysValidFigures;
  /** The difference adjusted with each visitor's pre-period (CUPED); absent when the store has no pre-period for the activity's visitors. */
  cuped?: CupedComparison;
}

/**
 * Figures of the mixture sequential probability ratio test (mSPRT, normal mixture): the p-value is
 * below 5 % at some look, and the interval misses the true difference at some look, each with
 * probability at most 5 % however often they are read.
 */
export interface AlwaysValidFigures {
  pValue: number;
  differenceCi: [number, number];
}

/** The difference of conversion rates adjusted with the pre-period covariate (ActivityResults.cuped), fixed-horizon and always-valid. */
export interface CupedComparison {
  difference: number;
  /** 95 % interval, narrower than the unadjusted one by √(1 − varianceReduction). */
  differenceCi: [number, number];
  /** Two-sided z-test of the adjusted difference (pooled variance). */
  pValue: number;
  alwaysValid: AlwaysValidFigures;
  /** The share of the difference's variance the adjustment removed, 0 to 1. */
  varianceReduction: number;
}

/** What the CUPED adjustment of a report used as each visitor's pre-period covariate. */
export interface CupedCovariate {
  /** The visitor's page views (bots left out) in the days before their first impression. */
  covariate: 'pageViews';
  /** How many days before the first impression the pre-period covers. */
  prePeriodDays: number;
  /** θ = cov(converted, page views) / var(page views), over every experience's visitors. */
  theta: number;
}

/** Pearson's χ² of the assignment counts against the configured shares. */
export interface SampleRatioCheck {
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
  /** pValue below the server's SRM_ALPHA: assignment does not follow the configured shares; distrust the results. */
  mismatch: boolean;
}

export interface ExperienceResult {
  id: string;
  name: string;
  share: number;
  /** Null when hidden. */
  visitors: number | null;
  conversions: number | null;
  conversionRate: number | null;
  /** Fewer distinct visitors than the minimum cohort: the figures are withheld. */
  hidden: boolean;
  control: boolean;
  /** Absent on the control, on a hidden experience, and on every experience when the control is hidden. */
  versusControl?: Comparison;
}

export interface ActivityTotals {
  visitors: number | null;
  conversions: number | null;
  hidden: boolean;
}

export interface ActivityResults {
  activity: { id: string; name: string; type: Activity['type']; status: Activity['status']; goal: Activity['goal'] };
  controlExperienceId: string;
  experiences: ExperienceResult[];
  totals: ActivityTotals;
  /** A/B tests only (experience targeting assigns by audience, not by share); null when any experience is hidden. */
  sampleRatio: SampleRatioCheck | null;
  /** The minimum cohort in force (MESURA_MIN_COHORT): a hidden figure counts fewer visitors. */
  minCohort: number;
  /** The pre-period adjustment of the comparisons; null when the store keeps no pre-period (ClickHouse today) or no experience is compared. */
  cuped: CupedCovariate | null;
}

export type ExperienceOnDay = Pick<ExperienceResult, 'id' | 'visitors' | 'conversions' | 'conversionRate' | 'hidden'>;

/** Figures from the range's first day through each day (cumulative), every day of the range. */
export interface ActivityOverTime {
  activity: { id: string; name: string };
  from: string;
  to: string;
  /** Every day of the range, in order, days without data included. */
  days: { day: string; experiences: ExperienceOnDay[] }[];
}
