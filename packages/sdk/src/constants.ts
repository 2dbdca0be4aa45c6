/** Library version written in the beacon path (`/b/ss/{suite}/1/{version}/s…`). */
export const SDK_VERSION = 'MESURA-0.1.0';

/** The visitor-id cookie lives as long as the spec's default cookie lifetime (§9: 34190000 s). */
export const VISITOR_COOKIE_MAX_AGE_S = 34_190_000;
export const VISITOR_COOKIE_NAME = 'mesura_fid';

/** Report suite used when the page gives none (a page outside the Mesura server, e.g. Vite dev). */
export const FALLBACK_REPORT_SUITE = 'mesuradev';

/** Direct-call name that sends a page view (spec §7 direct-call triggers). */
export const PAGE_VIEW_CALL = 'scPageView';

/** Link type when a call does not say (spec §7: "link type defaults to 'o'"). */
export const DEFAULT_LINK_TYPE = 'o';

/** Link name when a call gives neither a name nor the link's text (spec §7). */
export const DEFAULT_LINK_NAME = 'link clicked';

/**
 * The spec's direct calls other than scPageView (§7), each sent as a link-track hit: its link type
 * and the event it counts (§9 event numbers), where the spec gives one.
 */
export const LINK_CALLS: Readonly<Record<string, { linkType: 'o' | 'd'; event?: string }>> = {
  /** Live programme rewound (DVR). */
  scDVR: { linkType: 'o' },
  /** Subtitles switched on or off. */
  scSubtitols: { linkType: 'o' },
  /** Live radio opened in a new window: event26. */
  scFinestraNova: { linkType: 'o', event: 'radioNewWindow' },
  /** Saved to watch later. */
  scPerMesTard: { linkType: 'o' },
  /** Shared on a social network: event3. */
  scCompartir: { linkType: 'o', event: 'share' },
  /** Play pressed: event9. */
  scJugar: { linkType: 'o', event: 'play' },
  /** A tracked button clicked: event10. */
  scClicBoto: { linkType: 'o', event: 'buttonClick' },
  /** A file downloaded: event5, as a download link. */
  scDescarregar: { linkType: 'd', event: 'download' },
  /** Sent to the TV. */
  scVeureATV: { linkType: 'o' },
  /** Took part (vote, contest): event15. */
  scParticipar: { linkType: 'o', event: 'participate' },
};
