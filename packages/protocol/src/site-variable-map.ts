/**
 * The variable map of the broadcaster's report suites (development, staging and production share
 * it). Changing a slot here moves a variable's history: reports read old hits through the same
 * map, so a slot is never reused for another name.
 */
import type { VariableMap } from './variable-map.js';

/**
 * The variables in eVar order: a name's place is its eVar (`campaign` is v0). Slot numbers are the
 * history of the reports, so a name is only ever added at the end.
 */
const EVAR_NAMES = [
  'campaign',
  'section',
  'subsection',
  'subsectionLevel1',
  'subsectionLevel2',
  'programme',
  'programmeName',
  'broadcastChannel',
  'pageType',
  'loginState',
  'userId',
  'bigDataId',
  'portal',
  'web',
  'language',
  'contentProducer',
  'topicArea',
  'thematic',
  'groupingCategory',
  // Spelled as the data layer spells it (idDeliverty, spec §3).
  'delivertyId',
  'contentTitle',
  'author',
  'timestamp',
  'searchKeywords',
  'searchResults',
  'pageUrl',
  'viewport',
  'clickOrigin',
  'clickIdentifier',
  'emissionType',
  'publicationTime',
  'internalCampaign',
  'socialAction',
  'contentFormat',
  'contentType',
  'broadcastDate',
  'relatedItems',
  'multimediaContent',
  'screenReader',
];

/** The variables that also own a prop, always the one numbered as their eVar (`section` is c1 and v1). */
const WITH_PROP = ['section', 'subsection', 'subsectionLevel1', 'subsectionLevel2', 'programme', 'broadcastChannel', 'pageType', 'portal', 'web', 'searchKeywords'];

export const SITE_VARIABLE_MAP: VariableMap = deepFreeze({
  variables: Object.fromEntries(EVAR_NAMES.map((name, eVar) => [name, WITH_PROP.includes(name) ? { eVar, prop: eVar } : { eVar }])),
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
