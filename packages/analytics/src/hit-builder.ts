/**
 * Builds the hits of wire-formats §1 from the inputs the rules give, by name: variable names of the
 * variable map become slots, event names become `eventN`. Pure: the ids, the clock, the browser
 * facts and the page the hit belongs to come in through the context (analytics.ts draws them).
 */
import { eventId, variableSlots, type AnalyticsHit, type BrowserInfo, type ClientTime, type LinkInfo, type LinkType, type TcfSignal, type VariableMap } from '@mesura/protocol';
import { campaignsFromQuery, queryOf } from './campaigns.js';
import type { ActivityMap } from './activity-map.js';
import { CHARSET, CURRENCY, DEFAULT_LINK_NAME, DEFAULT_LINK_TYPE, MAX_CONTEXT_DATA_VALUE_CHARS, MAX_LINK_NAME_CHARS, MAX_URL_CHARS, MAX_VALUE_CHARS } from './constants.js';

export interface PageViewInput {
  /** `pageName`. */
  pageName: string;
  /** `g`: the page's URL. Its `int` and `ext` query parameters become campaigns (campaigns.ts). */
  url: string;
  /** `r`. Defaults to the previous page view's URL; for the first, AnalyticsOptions.referrer. */
  referrer?: string;
  /** `ch`: the channel (site section). Not sent when absent. */
  channel?: string;
  /**
   * Variables by their names in the variable map (`section`, `pageType`…). A value here wins over
   * the campaign read from `url`. Throws on a name the map does not define.
   */
  variables: Record<string, string>;
  /** Event names of the variable map (`pageView`, `search`…); throws on an unknown name. */
  events: string[];
  /** Context data, dotted keys (`ccma.seccio`). */
  contextData?: Record<string, string>;
}

export interface LinkInput {
  /** `o` custom, `d` download, `e` exit. Defaults to 'o' (spec §7). */
  linkType?: LinkType;
  /** `pev2`. Defaults to `linkText`, then to 'link clicked' (spec §7). */
  linkName?: string;
  /** The clicked link's text: the name when none is given. Whitespace is collapsed. */
  linkText?: string;
  /** `pev1`: where the link leads. */
  linkUrl?: string;
  /** The only variables the link carries; nothing of the page view goes with it. */
  variables: Record<string, string>;
  /** The only events the link carries. */
  events: string[];
  contextData?: Record<string, string>;
  /** The click that sent it; its ActivityMap context data goes with the link (activity-map.ts). */
  activityMap?: ActivityMap;
  /**
   * The page the link was clicked on, when it is not the last page view's: a link followed on a
   * page that sent none (clicked before its app started, kept by its head and sent by the next page's SDK).
   */
  page?: PageContext;
}

/**
 * A media start hit (`pe=ms_s` / `msa_s`, wire-formats §2), as the media tracker describes it: the
 * media kind and type, and its `a.media.*` context data (built by @mesura/media's
 * mediaStartContextData / adStartContextData).
 */
export interface MediaStartInput {
  media: NonNullable<AnalyticsHit['media']>;
  contextData: Record<string, string>;
  /** The beacon path's library version. Default LIBRARY_VERSION; the media tracker names its own. */
  libraryVersion?: string;
}

/** What a hit carries besides its input. */
export interface HitContext {
  /** `eid`. */
  eventId: string;
  /** `fid`. */
  visitorId: string;
  clientTime: ClientTime;
  browser: BrowserInfo;
  variableMap: VariableMap;
  /** ActivityMap context data of the click this hit reports, if any. */
  click?: Record<string, string> | undefined;
  /** The visitor's TCF signal when the hit is built (`gdpr`, `gdpr_consent`), for the collector's own check. */
  consent?: TcfSignal | undefined;
}

/** The page the hit belongs to, as the last page view named it. */
export interface PageContext {
  pageName?: string | undefined;
  pageUrl?: string | undefined;
  /** `r` of a page view. */
  referrer?: string | undefined;
}

/**
 * A page view: its input, its URL's campaigns and the click that led to it, nothing earlier. The
 * URL's campaigns win: they are this arrival's, and the input's come from a data layer that fills
 * a default ('No Informat') when it has none.
 */
export function pageViewHit(input: PageViewInput, context: HitContext & PageContext): AnalyticsHit {
  return buildHit(context, {
    pageName: input.pageName,
    url: input.url,
    referrer: context.referrer,
    channel: input.channel,
    variables: { ...input.variables, ...campaignsFromQuery(queryOf(input.url)) },
    events: input.events,
    contextData: { ...context.click, ...input.contextData },
  });
}

/** A link: its own variables and events on the current page, no referrer (wire-formats §1). */
export function linkHit(input: LinkInput, context: HitContext & PageContext): AnalyticsHit & { link: LinkInfo } {
  const text = input.linkText?.replace(/\s+/g, ' ').trim();
  const link: LinkInfo = {
    type: input.linkType ?? DEFAULT_LINK_TYPE,
    url: clip(input.linkUrl, MAX_URL_CHARS),
    name: clip(input.linkName || text || DEFAULT_LINK_NAME, MAX_LINK_NAME_CHARS),
  };
  return {
    ...buildHit(context, {
      pageName: context.pageName,
      url: context.pageUrl,
      variables: input.variables,
      events: input.events,
      contextData: { ...context.click, ...input.contextData },
    }),
    link,
  };
}

/**
 * A media start: the visitor, the time and the media's context data, nothing of the page (no page
 * name, URL, variables or browser facts), as the heartbeat library's start hits carry.
 */
export function mediaStartHit(input: MediaStartInput, context: HitContext): AnalyticsHit {
  return {
    consent: context.consent,
    eventId: context.eventId,
    clientTime: context.clientTime,
    visitor: { fid: context.visitorId },
    events: [],
    props: {},
    eVars: {},
    hierarchies: {},
    lists: {},
    contextData: mapValues(input.contextData, (value) => clip(value, MAX_CONTEXT_DATA_VALUE_CHARS)),
    media: input.media,
    browser: {},
  };
}

type HitParts = Pick<AnalyticsHit, 'pageName' | 'url' | 'referrer' | 'channel'> & {
  variables: Record<string, string | undefined>;
  events: string[];
  contextData: Record<string, string>;
};

/**
 * The hit, every value cut to the collector's limits: the collector refuses a whole beacon over a
 * limit, and a cut title is worth more than a lost page view.
 */
function buildHit(context: HitContext, parts: HitParts): AnalyticsHit {
  const map = context.variableMap;
  const short = (value: string | undefined) => clip(value, MAX_VALUE_CHARS);
  return {
    eventId: context.eventId,
    clientTime: context.clientTime,
    visitor: { fid: context.visitorId },
    charset: CHARSET,
    currency: CURRENCY,
    pageName: short(parts.pageName),
    url: clip(parts.url, MAX_URL_CHARS),
    referrer: clip(parts.referrer, MAX_URL_CHARS),
    channel: short(parts.channel),
    // The collector refuses an event sent twice, and a rule may name one twice.
    events: [...new Set(parts.events)].map((name) => ({ id: eventId(map, name) })),
    ...variableSlots(mapValues(parts.variables, short), map),
    hierarchies: {},
    lists: {},
    contextData: mapValues(parts.contextData, (value) => clip(value, MAX_CONTEXT_DATA_VALUE_CHARS)),
    browser: context.browser,
    consent: context.consent,
  };
}

function clip<T extends string | undefined>(value: T, max: number): T {
  return value?.slice(0, max) as T;
}

function mapValues<V, W>(record: Record<string, V>, f: (value: V) => W): Record<string, W> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
}
