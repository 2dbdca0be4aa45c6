/**
 * Checks an activity's results as GET /api/reports/activities/:id and its over-time route answer
 * them (the shapes are @mesura/protocol's activity-results.ts). Hidden experiences (fewer distinct
 * visitors than the server's minimum cohort) carry null figures.
 */
import type { ActivityOverTime, ActivityResults } from '@mesura/protocol';
import { isRecord } from '../../api/api-answer';

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
