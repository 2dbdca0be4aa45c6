/**
 * A page's engagement: Mesura's own hit (`pe=eng`), which the commercial library never sends.
 * `/mesura.js` sends one per page view, when the page is hidden or left: how long the visitor was
 * engaged with it (the page visible and the visitor active, or a media element playing) and how far
 * down it they scrolled at most. It repeats the page view's page name, URL and variables, so that
 * reports place it by page, section, author, theme and programme as they place the page view, and
 * carries its two measures as context data. Events are none: it is not a page view.
 */
import { decoded, rejected, type Result } from './result.js';
import { engagementMeasureMissing, engagementMeasureOutOfRange } from './errors.js';

/** `pe` of a page's engagement hit. */
export const PAGE_ENGAGEMENT_PE = 'eng';

/** Context-data keys of the measures (wire-formats: `c.&mesura.&engaged_ms=…&scroll_pct=…&.mesura&.c`). */
export const ENGAGED_MS_KEY = 'mesura.engaged_ms';
export const SCROLL_PERCENT_KEY = 'mesura.scroll_pct';

/** The most engaged time one page may report: 4 hours, a page kept open through a long live programme. */
export const ENGAGED_MS_MAX = 4 * 60 * 60 * 1000;
/** Scroll depth is a whole percentage of the page's height, 0 (the top only) to 100 (the end seen). */
export const SCROLL_PERCENT_MAX = 100;

export interface PageEngagement {
  engagedMs: number;
  scrollPercent: number;
}

const WHOLE_NUMBER = /^(0|[1-9][0-9]{0,9})$/;

function measure(contextData: Readonly<Record<string, string>>, key: string, max: number): Result<number> {
  const text = contextData[key];
  if (text === undefined) return rejected(engagementMeasureMissing(key));
  if (!WHOLE_NUMBER.test(text) || Number(text) > max) return rejected(engagementMeasureOutOfRange(key, max));
  return decoded(Number(text));
}

/** The measures of an engagement hit's context data, or the one-line reason it is refused. */
export function readPageEngagement(contextData: Readonly<Record<string, string>>): Result<PageEngagement> {
  const engagedMs = measure(contextData, ENGAGED_MS_KEY, ENGAGED_MS_MAX);
  if (!engagedMs.ok) return engagedMs;
  const scrollPercent = measure(contextData, SCROLL_PERCENT_KEY, SCROLL_PERCENT_MAX);
  if (!scrollPercent.ok) return scrollPercent;
  return decoded({ engagedMs: engagedMs.value, scrollPercent: scrollPercent.value });
}

/** The context data that carries `engagement`, as readPageEngagement reads it. */
export function pageEngagementContextData(engagement: PageEngagement): Record<string, string> {
  return { [ENGAGED_MS_KEY]: String(Math.round(engagement.engagedMs)), [SCROLL_PERCENT_KEY]: String(Math.round(engagement.scrollPercent)) };
}
