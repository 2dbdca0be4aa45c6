/**
 * Campaigns from the page's query string (spec §7 "Query parameters read"): `int` is an internal
 * campaign and must be spelled exactly so; `ext` is an external campaign however it is cased,
 * because partners write it as `EXT` or `Ext` in the links they publish.
 */
import { EXTERNAL_CAMPAIGN_PARAM, INTERNAL_CAMPAIGN_PARAM } from './constants.js';

export interface Campaigns {
  /** `int`: the internal campaign (eVar31, `internalCampaign` of the variable map). */
  internalCampaign?: string;
  /** `ext`: the external campaign (v0, `campaign` of the variable map). */
  campaign?: string;
}

/**
 * The campaigns of a query string (`?a=1&int=x`, with or without its `?`). The first non-empty
 * value of each parameter wins; empty ones count as absent, as everywhere on the wire.
 */
export function campaignsFromQuery(search: string): Campaigns {
  const campaigns: Campaigns = {};
  new URLSearchParams(search).forEach((value, name) => {
    if (!value) return;
    if (name === INTERNAL_CAMPAIGN_PARAM) campaigns.internalCampaign ??= value;
    else if (name.toLowerCase() === EXTERNAL_CAMPAIGN_PARAM) campaigns.campaign ??= value;
  });
  return campaigns;
}

/** The query string of a URL (absolute or relative), without its fragment. */
export function queryOf(url: string): string {
  const query = url.split('#')[0] ?? '';
  const start = query.indexOf('?');
  return start < 0 ? '' : query.slice(start);
}
