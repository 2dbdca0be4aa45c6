/**
 * The variable map of the broadcaster's report suites (development, staging and production share
 * it). Changing a slot here moves a variable's history: reports read old hits through the same
 * map, so a slot is never reused for another name.
 */
import type { VariableMap } from './variable-map.js';

export const SITE_VARIABLE_MAP: VariableMap = deepFreeze({
  variables: {
    campaign: { eVar: 0 },
    section: { eVar: 1, prop: 1 },
    subsection: { eVar: 2, prop: 2 },
    subsectionLevel1: { eVar: 3, prop: 3 },
    subsectionLevel2: { eVar: 4, prop: 4 },
    programme: { eVar: 5, prop: 5 },
    programmeName: { eVar: 6 },
    broadcastChannel: { eVar: 7, prop: 7 },
    pageType: { eVar: 8, prop: 8 },
    loginState: { eVar: 9 },
    userId: { eVar: 10 },
    bigDataId: { eVar: 11 },
    portal: { eVar: 12, prop: 12 },
    web: { eVar: 13, prop: 13 },
    language: { eVar: 14 },
    contentProducer: { eVar: 15 },
    topicArea: { eVar: 16 },
    thematic: { eVar: 17 },
    groupingCategory: { eVar: 18 },
    // Spelled as the data layer spells it (idDeliverty, spec §3).
    delivertyId: { eVar: 19 },
    contentTitle: { eVar: 20 },
    author: { eVar: 21 },
    timestamp: { eVar: 22 },
    searchKeywords: { eVar: 23, prop: 23 },
    searchResults: { eVar: 24 },
    pageUrl: { eVar: 25 },
    viewport: { eVar: 26 },
    clickOrigin: { eVar: 27 },
    clickIdentifier: { eVar: 28 },
    emissionType: { eVar: 29 },
    publicationTime: { eVar: 30 },
    internalCampaign: { eVar: 31 },
    socialAction: { eVar: 32 },
    contentFormat: { eVar: 33 },
    contentType: { eVar: 34 },
    broadcastDate: { eVar: 35 },
    relatedItems: { eVar: 36 },
    multimediaContent: { eVar: 37 },
    screenReader: { eVar: 38 },
  },
  // Spec §9 "Event numbers".
  events: {
    1: 'pageView',
    2: 'search',
    3: 'share',
    5: 'download',
    9: 'play',
    10: 'buttonClick',
    15: 'participate',
    26: 'radioNewWindow',
  },
});

/** Frozen all the way down: the map is shared by every caller, so no caller may edit it. */
function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null) deepFreeze(child);
  }
  return Object.freeze(value);
}
