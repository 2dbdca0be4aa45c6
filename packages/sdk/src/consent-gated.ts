import type { Analytics } from '@mesura/analytics';

/**
 * An Analytics that does nothing while `allowed()` is false. Checked before a hit is built, because
 * building one asks for the visitor id, which writes the visitor cookie: without consent neither
 * a beacon nor a cookie may come out of the browser. The tag rules check consent too; this gate
 * also covers the hits no rule decides on (the activity-map module's clicks).
 */
export function consentGated(analytics: Analytics, allowed: () => boolean): Analytics {
  return {
    pageView: (input) => void (allowed() && analytics.pageView(input)),
    link: (input) => void (allowed() && analytics.link(input)),
    rememberClick: (map) => void (allowed() && analytics.rememberClick(map)),
    // Reads no `this` (analytics.ts): handed on as it is.
    clearVariables: analytics.clearVariables,
    // Held back is not a failed send: the media tracker logs only `false` or a rejection.
    mediaStart: (input) => (allowed() ? analytics.mediaStart(input) : undefined),
    engagement: (input) => void (allowed() && analytics.engagement(input)),
  };
}
