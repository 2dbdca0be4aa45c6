/**
 * The browser facts a hit carries (`s`, `c`, `k`, `bw`, `bh`) and the document's referrer, read
 * from the real page: the defaults of AnalyticsOptions, which tests replace.
 */
import type { BrowserInfo } from '@mesura/protocol';

export function readBrowserInfo(): BrowserInfo {
  return {
    screen: `${screen.width}x${screen.height}`,
    colorDepth: String(screen.colorDepth),
    cookiesEnabled: navigator.cookieEnabled ? 'Y' : 'N',
    browserWidth: String(innerWidth),
    browserHeight: String(innerHeight),
  };
}

/** `document.referrer`, or '' where there is no document. */
export function documentReferrer(): string {
  return typeof document === 'object' ? document.referrer : '';
}
