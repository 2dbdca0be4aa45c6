/**
 * A preview request (`POST /api/activities/:id/preview`, `{experienceId, path}`) made into its
 * link: the site's own page at `path` with PREVIEW_PARAM added to its query (shared/preview-param.ts).
 * The path must stay on the site, so that a preview link can never be made to send an editor
 * elsewhere. Pure: the tokens and the time are parameters.
 */
import type { Activity, Result } from '@mesura/protocol';
import { MAX_URL_CHARS } from './activity-limits.js';
import { isRecord } from './definition-checks.js';
import type { PreviewTokens } from './preview-token.js';
import { PREVIEW_PARAM, addressParts, isPreviewPair } from '../shared/preview-param.js';

/** A preview's page path: the delivery request's own URL limit (wire-formats §3). */
export const MAX_PREVIEW_PATH_CHARS = MAX_URL_CHARS;

export interface PreviewLink {
  /** `path` with the token in its query, fragment kept last. */
  url: string;
  /** ISO 8601: when the link stops showing the experience. */
  expiresAt: string;
}

/** `viewer`: the asking editor's viewer key (preview-token.ts), so that the link shows the experience to their browser only. */
export function previewLink(body: unknown, activity: Activity, tokens: PreviewTokens, nowMs: number, viewer?: string): Result<PreviewLink> {
  const fail = (reason: string): Result<PreviewLink> => ({ ok: false, reason });
  const shape = 'a preview request is {"experienceId": "…", "path": "/…"}';
  if (!isRecord(body) || Object.keys(body).some((key) => key !== 'experienceId' && key !== 'path')) return fail(shape);
  const { experienceId, path } = body;
  if (typeof experienceId !== 'string' || !activity.experiences.some((e) => e.id === experienceId)) {
    return fail(`experienceId must name an experience of activity ${activity.id}: ${activity.experiences.map((e) => e.id).join(', ')}`);
  }
  const problem = pathProblem(path);
  if (problem) return fail(problem);
  const { token, expiresMs } = tokens.sign(activity.id, experienceId, nowMs, viewer);
  return { ok: true, value: { url: withPreviewParam(path as string, token), expiresAt: new Date(expiresMs).toISOString() } };
}

/** Why `path` is not a path of this site, or undefined when it is. */
export function pathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'path must be a path of the site, starting with /';
  if (path.startsWith('//')) return 'path must not start with //: that names another host';
  if (path.includes('\\')) return 'path must not contain a backslash: browsers read it as /';
  if (path.length > MAX_PREVIEW_PATH_CHARS) return `path is longer than ${MAX_PREVIEW_PATH_CHARS} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'path must not contain control characters';
  return undefined;
}

/** `path` with `PREVIEW_PARAM=token` last in its query (replacing any already there), its fragment kept after it. */
export function withPreviewParam(path: string, token: string): string {
  const { head, pairs, fragment } = addressParts(path);
  // The existing query is kept as written (its encoding untouched), less any earlier token.
  const kept = pairs.filter((pair) => !isPreviewPair(pair));
  return `${head}?${[...kept, `${PREVIEW_PARAM}=${token}`].join('&')}${fragment}`;
}
