/** Library version written in the beacon path (`/b/ss/{suite}/1/{version}/s…`). */
export const SDK_VERSION = 'MESURA-0.1.0';

/** The visitor-id cookie lives as long as the spec's default cookie lifetime (§9: 34190000 s). */
export const VISITOR_COOKIE_MAX_AGE_S = 34_190_000;
export const VISITOR_COOKIE_NAME = 'mesura_fid';

/** Report suite used when the page gives none (a page outside the Mesura server, e.g. Vite dev). */
export const FALLBACK_REPORT_SUITE = 'mesuradev';

/** Direct-call name that sends a page view (spec §7 direct-call triggers). */
export const PAGE_VIEW_CALL = 'scPageView';

/** Link type of each direct call that sends a link-track hit, and the event it carries (§7, §9). */
export const DIRECT_CALL_EVENTS: Readonly<Record<string, string>> = {
  scCompartir: 'share',
  scDescarregar: 'download',
  scJugar: 'play',
  scClicBoto: 'buttonClick',
  scParticipar: 'participate',
  scFinestraNova: 'radioNewWindow',
};
