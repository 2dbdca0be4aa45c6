/**
 * An editor's preview: the site's page opened from the console, in the visual editor's frame or by
 * «Previsualitza», its address carrying PREVIEW_PARAM. An editor's clicks there are not audience,
 * so such a page measures nothing: no page view, link, engagement or media hit, no activity map, no
 * audience module, no call to the collector for the visitor id, and no beacon an earlier page
 * queued (it waits for a page that measures). Personalisation stays, since its offers are what is
 * previewed; the decision server records nothing for a page carrying the parameter
 * (server/src/decide/delivery-handler.ts). Consent and the stored ids are left as they are.
 */
import { PREVIEW_PARAM } from '@mesura/protocol';

/** Whether the query string `search` (`?a=1&…`, or '') names PREVIEW_PARAM, with or without a value. */
export function isPreviewAddress(search: string): boolean {
  return new URLSearchParams(search).has(PREVIEW_PARAM);
}
