/**
 * An activity's results as GET /api/reports/activities/:id and its over-time route answer them
 * (server/src/decide/activity-report.ts, activity-over-time.ts). Hidden experiences (fewer
 * distinct visitors than the server's minimum cohort) carry null figures.
 */
import { isRecord } from '../../api/api-answer';

export interface Comparison {
  /** Variant rate minus control rate, with its 95 % interval. */
  difference: number;
  differenceCi: [number, number];
  /** difference / control rate with its 95 % interval; null when the control converts nobody. */
  lift: number | null;
  liftCi: [number, number] | null;
  zScore: number;
  pValue: number;
  probabilityToBeatControl: number;
}

export interface ExperienceResult {
  id: string;
  name: string;
  share: number;
  visitors: number | null;
  conversions: number | null;
  conversionRate: number | null;
  control: boolean;
  hidden: boolean;
  versusControl?: Comparison;
}

export interface SampleRatioCheck {
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
  /** Assignment does not follow the configured shares: the results are not to be trusted. */
  mismatch: boolean;
}

export interface ActivityResults {
  controlExperienceId: string;
  experiences: ExperienceResult[];
  totals: { visitors: number | null; conversions: number | null; hidden?: boolean };
  sampleRatio: SampleRatioCheck | null;
  /** The minimum cohort in force: a hidden figure counts fewer visitors than this. */
  minCohort: number;
}

export interface ExperienceOnDay {
  id: string;
  visitors: number | null;
  conversions: number | null;
  conversionRate: number | null;
  hidden: boolean;
}

/** Figures from the range's first day through each day, every day of the range. */
export interface ActivityOverTime {
  from: string;
  to: string;
  days: { day: string; experiences: ExperienceOnDay[] }[];
}

const isFigure = (value: unknown) => value === null || typeof value === 'number';

function isExperienceFigures(value: unknown): boolean {
  return isRecord(value) && typeof value.id === 'string' && isFigure(value.visitors) && isFigure(value.conversions) && isFigure(value.conversionRate);
}

export function parseActivityResults(body: unknown): ActivityResults | undefined {
  if (!isRecord(body) || typeof body.controlExperienceId !== 'string' || !Array.isArray(body.experiences) || !isRecord(body.totals)) return undefined;
  if (!body.experiences.every((e) => isExperienceFigures(e) && typeof (e as Record<string, unknown>).name === 'string')) return undefined;
  if (body.sampleRatio !== null && !(isRecord(body.sampleRatio) && typeof body.sampleRatio.mismatch === 'boolean')) return undefined;
  return body as unknown as ActivityResults;
}

export function parseActivityOverTime(body: unknown): ActivityOverTime | undefined {
  if (!isRecord(body) || typeof body.from !== 'string' || typeof body.to !== 'string' || !Array.isArray(body.days)) return undefined;
  const valid = body.days.every((d) => isRecord(d) && typeof d.day === 'string' && Array.isArray(d.experiences) && d.experiences.every(isExperienceFigures));
  return valid ? (body as unknown as ActivityOverTime) : undefined;
}
