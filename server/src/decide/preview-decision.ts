/**
 * A preview on the delivery path: a request whose page URL (`mboxURL`) carries a valid preview
 * token (preview-token.ts) is answered the granted experience on every mbox where its activity
 * would be answered live (its mboxes, and the global mbox when its audience names a path),
 * whatever its status or audience, as the catalogue made it safe to serve. A bad, altered or
 * expired token is ignored: the request is decided as any other. Whatever its token, a page
 * carrying the parameter is an editor's (the console's visual editor frames the site with one that
 * grants nothing): nothing it asks is recorded (isPreviewPage), as its SDK sends no hit
 * (packages/sdk preview-mode.ts).
 */
import { GLOBAL_MBOX, type Activity } from '@mesura/protocol';
import type { ActivityIndex } from './activity-index.js';
import type { Decision } from './decide.js';
import { sessionSecretFrom } from '../auth/session-cookie.js';
import type { PreviewGrant, PreviewTokens } from './preview-token.js';
import { PREVIEW_PARAM, addressParts, isPreviewPair } from '../shared/preview-param.js';

/** Whether `pageUrl`'s query names PREVIEW_PARAM, with any value or none: an editor's page, never audience. */
export function isPreviewPage(pageUrl: string): boolean {
  // The decision path pays one substring search unless a preview is open.
  return pageUrl.includes(PREVIEW_PARAM) && addressParts(pageUrl).pairs.some(isPreviewPair);
}

/** The grant `pageUrl` carries in PREVIEW_PARAM, when its token verifies at `nowMs`. */
export function previewGrantOf(pageUrl: string, tokens: PreviewTokens, nowMs: number, cookieHeader?: string): PreviewGrant | undefined {
  // The decision path pays one substring search unless a preview is open.
  if (!pageUrl.includes(`${PREVIEW_PARAM}=`)) return undefined;
  const queryAt = pageUrl.indexOf('?');
  if (queryAt < 0) return undefined;
  const token = new URLSearchParams(pageUrl.slice(queryAt + 1).split('#', 1)[0]).get(PREVIEW_PARAM);
  const checked = token === null ? undefined : tokens.verify(token, nowMs);
  if (!checked?.ok) return undefined;
  // A link made for one editor shows the experience only in that editor's signed-in browser.
  if (checked.value.viewer === undefined) return checked.value;
  const secret = sessionSecretFrom(cookieHeader);
  return secret !== undefined && tokens.viewerKey(secret) === checked.value.viewer ? checked.value : undefined;
}

/** The granted experience on `mbox`, or undefined when its activity would not be answered there. */
export function previewDecision(index: ActivityIndex, mbox: string, grant: PreviewGrant): Decision | undefined {
  const activity = index.byId(grant.activityId);
  const experience = activity?.experiences.find((e) => e.id === grant.experienceId);
  return activity && experience && answersOn(activity, mbox) ? { activity, experience } : undefined;
}

/** activity-index.ts's rule, status aside: its own mboxes, and the global mbox when its audience names a path. */
function answersOn(activity: Activity, mbox: string): boolean {
  return activity.mboxes.includes(mbox) || (mbox === GLOBAL_MBOX && activity.audience?.path !== undefined);
}
