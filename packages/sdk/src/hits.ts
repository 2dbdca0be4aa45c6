import {
  SITE_VARIABLE_MAP,
  eventId as eventNumber,
  variableSlots,
  type AnalyticsHit,
  type BrowserInfo,
  type ClientTime,
  type LinkInfo,
} from '@mesura/protocol';
import { pageVariables, type ResolvedDataLayer } from '@mesura/datalayer';

/** What every hit of one page carries besides the data layer. */
export interface HitContext {
  eventId: string;
  visitorId: string;
  clientTime: ClientTime;
  referrer: string;
  browser: BrowserInfo;
}

/** A page view (event1) with every named variable of the data layer (§3, §5). */
export function pageViewHit(data: ResolvedDataLayer, context: HitContext, url: string): AnalyticsHit {
  const variables = pageVariables(data);
  const { props, eVars } = variableSlots(variables, SITE_VARIABLE_MAP);
  return {
    ...base(context),
    pageName: data.page.pageName,
    url,
    referrer: context.referrer || undefined,
    channel: variables.section,
    events: [{ id: eventNumber(SITE_VARIABLE_MAP, 'pageView') }],
    props,
    eVars,
  };
}

/**
 * A link-track hit: only the link's own variables and events, and no referrer, as the
 * measurement library sends them (wire-formats §1).
 */
export function linkHit(data: ResolvedDataLayer, context: HitContext, url: string, link: LinkInfo, event?: string): AnalyticsHit {
  const variables = pageVariables(data);
  const { props, eVars } = variableSlots(
    { section: variables.section, subsection: variables.subsection, programme: variables.programme },
    SITE_VARIABLE_MAP,
  );
  return {
    ...base(context),
    pageName: data.page.pageName,
    url,
    events: event ? [{ id: eventNumber(SITE_VARIABLE_MAP, event) }] : [],
    props,
    eVars,
    link,
  };
}

function base(context: HitContext): AnalyticsHit {
  return {
    eventId: context.eventId,
    clientTime: context.clientTime,
    visitor: { fid: context.visitorId },
    charset: 'UTF-8',
    currency: 'EUR',
    events: [],
    props: {},
    eVars: {},
    hierarchies: {},
    lists: {},
    contextData: {},
    browser: context.browser,
  };
}
