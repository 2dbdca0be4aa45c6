/**
 * The steps of the path reports (queries/page-transitions.ts, entry-paths.ts) as SQL, shared by
 * the queries that read them from the report tables and by the DuckDB roll-up that keeps them
 * (duckdb/page-transition-cells.ts): a step is a page's address, or one of these bracketed names.
 */
import { informedSql } from './not-informed-sql.js';

/** The key of the views after which the visit ended. */
export const EXIT_STEP = '(sortida)';
/** The key of a visit that came straight in (no referrer, or the site's own). */
export const DIRECT_ENTRY_STEP = '(entrada directa)';
/** The prefixes of the other steps that are no page of the site, each followed by what it names. */
export const STEP_PREFIXES = {
  campaign: '(campanya) ',
  search: '(cercador) ',
  social: '(xarxa social) ',
  otherSite: '(altre web) ',
  exitLink: '(enllaç de sortida) ',
  download: '(descàrrega) ',
} as const;

/** The host of an address (a referrer's), as the visits' `referrer_host` takes it (duckdb/report-facts-load.ts). */
export const HOST_PATTERN = '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)';

/**
 * Where a visit entering at the view came from, over `campaign`, `referrer_host` and `entry_url`
 * (REFERRER_GROUP_SQL's names; `group` is that text for the engine): its external campaign, else
 * its referrer group with the referring host.
 */
export const entryStepSql = (group: string) => `CASE
    WHEN campaign IS NOT NULL AND ${informedSql('campaign')} THEN '${STEP_PREFIXES.campaign}' || campaign
    WHEN ${group} = 'directe' THEN '${DIRECT_ENTRY_STEP}'
    WHEN ${group} = 'cercadors' THEN '${STEP_PREFIXES.search}' || referrer_host
    WHEN ${group} = 'xarxes-socials' THEN '${STEP_PREFIXES.social}' || referrer_host
    ELSE '${STEP_PREFIXES.otherSite}' || referrer_host END`;

/** A link hit's step, over `hit_type` and `link_url`: an exit link's or a download's address. */
export const LINK_STEP_SQL = `CASE WHEN hit_type = 'link_e' THEN '${STEP_PREFIXES.exitLink}' ELSE '${STEP_PREFIXES.download}' END || coalesce(link_url, '')`;
