/**
 * The site's own property: every tracking rule of the spec (§2, §4, §5, §7, §9) as data elements
 * and rules. The report suite per environment is the analytics side's choice; here the
 * environment only decides whether a developer's machine may run the rules.
 */
import { DEFAULT_LINK_TYPE, escapeRegExp, type ConditionConfig, type DataElementConfig, type EventConfig, type PropertyConfig, type RuleConfig } from '@mesura/tags';
import { LINK_DETAIL_VARIABLES, SITE_LINK_CALLS } from './site-link-calls.js';
import { SITE_CUSTOM_SCRIPTS, type CustomScriptFile } from './tag-library.js';

export interface SitePropertyOptions {
  /** Where the site runs. `development` also allows localhost and 127.0.0.1. Default `'development'`. */
  environment?: 'development' | 'staging' | 'production';
  /** The property's domain list (§9: one domain; sub-domains match). Default `['mesura.cat']`. */
  domains?: string[];
  /** The articles whose page runs a personalisation rule (§2: three ids). Default `['1001', '1002', '1003']`. */
  personalisationArticleIds?: readonly string[];
  /** Vendor the page-view and link rules need in the consent list (§5). Default `'web-analytics'`. */
  webAnalyticsVendorId?: string | number;
  /** Vendor the personalisation rules need. Default `'personalisation'`. */
  personalisationVendorId?: string | number;
  /** Vendor the audience-measurement rule needs (§5). Default `'audience-measurement'`. */
  audienceMeasurementVendorId?: string | number;
  /** Script the audience-measurement rule loads (the SDK's audience module). Default none: the rule stays disabled. */
  audienceMeasurementScriptUrl?: string;
  /**
   * The tag manager's asset host (tag-library.ts `tagAssetsPath`, as an absolute URL ending in `/`):
   * each custom script of SITE_CUSTOM_SCRIPTS is loaded from there under its vendor's consent.
   * Default none: those rules stay disabled.
   */
  assetsUrl?: string;
  /** The activity-map module (click tracking) the SDK serves. Default none: the rule stays disabled. */
  activityMapScriptUrl?: string;
  /** The media tracker bundle, loaded on pages with a player (a video group). Default none: disabled. */
  mediaScriptUrl?: string;
  /** Vendor the media tracker needs. Default `'video-analytics'`. */
  videoAnalyticsVendorId?: string | number;
  /**
   * Page views on library load and route change, for sites that do not call `scPageView`. A site
   * that calls it (apps/site does, on every route) must leave this off or count pages twice.
   * Default false.
   */
  autoPageView?: boolean;
  /** Custom event the consent package dispatches when consent is known (§4). Default `'mesura:consent-ready'`. */
  consentReadyEvent?: string;
  /** Custom event the consent package dispatches when consent changes (§4). Default `'mesura:consent-changed'`. */
  consentChangedEvent?: string;
}

/** The path word of §2's internal-search rule. */
export const SEARCH_PATH_WORD = 'cercador';
export const PAGE_VIEW_CALL = 'scPageView';

const PAGE_EVENTS: EventConfig[] = [{ type: 'libraryLoaded' }, { type: 'routeChange' }];

const consentVendor = (vendorId: string | number): ConditionConfig => ({ type: 'consentVendor', vendorId });

function dataElements(): Record<string, DataElementConfig> {
  const elements: Record<string, DataElementConfig> = {
    // Empty on an Error404 page (§2): the data-layer reader has already applied that rule.
    'page.name': { type: 'dataLayer', path: 'page.pageName' },
    'page.url': { type: 'pageInfo', field: 'url' },
    'search.keywords': { type: 'dataLayer', path: 'variables.searchKeywords' },
    'search.results': { type: 'dataLayer', path: 'variables.searchResults' },
    // Link name: the call's linkName, else the link's text; else the analytics default (§7).
    'link.name': { type: 'eventDetail', path: 'linkName', default: '%link.text%' },
    'link.text': { type: 'eventDetail', path: 'linkText' },
    'link.url': { type: 'eventDetail', path: 'linkUrl' },
    'link.areaTematica': { type: 'eventDetail', path: 'areaTematica' },
    // Present on pages with a player (the data layer's video group, §3).
    'video.title': { type: 'dataLayer', path: 'video.titol' },
  };
  for (const [field, variable] of Object.entries(LINK_DETAIL_VARIABLES)) {
    elements[`dataLayer.${variable}`] = { type: 'dataLayer', path: `variables.${variable}` };
    elements[`link.${variable}`] =
      field === 'areaTematica'
        ? { type: 'firstValue', dataElement: 'link.areaTematica', default: `%dataLayer.${variable}%` }
        : { type: 'eventDetail', path: field, default: `%dataLayer.${variable}%` };
  }
  return elements;
}

/** §5: page views need the web-analytics vendor and automatic hits not disabled. */
function pageViewRule(webAnalytics: ConditionConfig, autoPageView: boolean, search: boolean, automatic: boolean): RuleConfig {
  return {
    name: `${search ? 'internal search ' : ''}page view${automatic ? ' (automatic)' : ''}`,
    events: automatic ? PAGE_EVENTS : [{ type: 'directCall', name: PAGE_VIEW_CALL }],
    enabled: !automatic || autoPageView,
    conditions: [
      webAnalytics,
      { type: 'automaticHitsEnabled' },
      // §2: a search page's page view is the search page view, so exactly one of the two fires.
      { type: 'pathContains', value: SEARCH_PATH_WORD, negate: !search },
    ],
    actions: [
      // Nothing of the previous single-page-app page may leak into this one.
      { type: 'clearVariables' },
      {
        type: 'sendPageView',
        pageName: '%page.name%',
        url: '%page.url%',
        dataLayerVariables: true,
        events: search ? ['pageView', 'search'] : ['pageView'],
        ...(search && { variables: { searchKeywords: '%search.keywords%', searchResults: '%search.results%' } }),
      },
    ],
  };
}

/** §2: a personalisation rule per path; the personalisation package makes the call real. */
/** Loads `url` on library load and on each consent event while `consent` holds; disabled without a URL. */
function scriptRule(name: string, url: string | undefined, consent: ConditionConfig, consentEvents: EventConfig[]): RuleConfig {
  return {
    name,
    events: [{ type: 'libraryLoaded' }, ...consentEvents],
    enabled: url !== undefined,
    conditions: [consent],
    actions: [{ type: 'loadScript', url: url ?? '' }],
  };
}

/**
 * §4 player events: the media tracker is loaded where the data layer has a video group, under its
 * vendor. Also on the site's own page view: a page whose code and content arrive after the route
 * change has settled writes its video group only then, with the page view.
 */
function mediaRule(url: string | undefined, consent: ConditionConfig, consentEvents: EventConfig[]): RuleConfig {
  const pageView: EventConfig = { type: 'directCall', name: PAGE_VIEW_CALL };
  const rule = scriptRule('media tracker', url, consent, [...PAGE_EVENTS.slice(1), pageView, ...consentEvents]);
  return { ...rule, conditions: [{ type: 'dataElement', name: 'video.title', operator: 'exists' }, consent] };
}

/**
 * On each single-page-app view of the path. The first view of a page is the personalisation
 * client's global request (made from the head, while the body is hidden, with the page's URL, which
 * the decision server matches to the same activities); asking again here would hide a page already
 * shown and count the impression twice.
 */
function personalisationRule(name: string, pathPattern: string, mbox: string, consent: ConditionConfig): RuleConfig {
  return {
    name: `personalisation ${name}`,
    events: [{ type: 'routeChange' }],
    conditions: [{ type: 'pathMatches', pattern: `^/${pathPattern}(/|$)` }, consent],
    actions: [{ type: 'personalize', mbox: `mesura-${mbox}` }],
  };
}

const customScriptUrl = (assetsUrl: string | undefined, file: CustomScriptFile) => (assetsUrl === undefined ? undefined : assetsUrl + file);

export function siteProperty(options: SitePropertyOptions = {}): PropertyConfig {
  const environment = options.environment ?? 'development';
  const articleIds = options.personalisationArticleIds ?? ['1001', '1002', '1003'];
  const webAnalytics = consentVendor(options.webAnalyticsVendorId ?? 'web-analytics');
  const audienceVendor = consentVendor(options.audienceMeasurementVendorId ?? 'audience-measurement');
  // Personalisation needs its own vendor's consent (§5).
  const personalisation = consentVendor(options.personalisationVendorId ?? 'personalisation');
  const consentEvents: EventConfig[] = [
    { type: 'custom', name: options.consentReadyEvent ?? 'mesura:consent-ready' },
    { type: 'custom', name: options.consentChangedEvent ?? 'mesura:consent-changed' },
  ];
  const auto = options.autoPageView === true;
  // Every direct call sends the same link variables, each from the link data element of its name.
  const linkVariables = Object.fromEntries(Object.values(LINK_DETAIL_VARIABLES).map((variable) => [variable, `%link.${variable}%`]));
  return {
    name: `mesura site (${environment})`,
    domains: options.domains ?? ['mesura.cat'],
    allowLocalhost: environment === 'development',
    dataElements: dataElements(),
    rules: [
      pageViewRule(webAnalytics, auto, false, false),
      pageViewRule(webAnalytics, auto, true, false),
      pageViewRule(webAnalytics, auto, false, true),
      pageViewRule(webAnalytics, auto, true, true),
      ...Object.entries(SITE_LINK_CALLS).map(
        ([name, call]): RuleConfig => ({
          name: `direct call ${name}`,
          events: [{ type: 'directCall', name }],
          conditions: [webAnalytics],
          actions: [
            {
              type: 'sendLink',
              linkType: call.linkType ?? DEFAULT_LINK_TYPE,
              linkName: '%link.name%',
              linkUrl: '%link.url%',
              variables: linkVariables,
              events: call.events,
            },
          ],
        }),
      ),
      ...articleIds.map((id) => personalisationRule(`noticia ${id}`, `noticia/${escapeRegExp(id)}`, `noticia-${id}`, personalisation)),
      personalisationRule('el temps', 'el-temps', 'el-temps', personalisation),
      // §4, §5: on load and on each consent event, once the vendor is in the consent list.
      scriptRule('audience measurement', options.audienceMeasurementScriptUrl, audienceVendor, consentEvents),
      // §7 "Script loads": the activity-map module (click tracking), under web-analytics consent.
      scriptRule('activity map', options.activityMapScriptUrl, webAnalytics, consentEvents),
      mediaRule(options.mediaScriptUrl, consentVendor(options.videoAnalyticsVendorId ?? 'video-analytics'), consentEvents),
      // §7 "Script loads": the custom scripts from the asset host, each under its own vendor.
      ...Object.entries(SITE_CUSTOM_SCRIPTS).map(([file, vendor]) =>
        scriptRule(`custom script ${file}`, customScriptUrl(options.assetsUrl, file as CustomScriptFile), consentVendor(vendor), consentEvents),
      ),
    ],
  };
}
