import { createAnalytics, createTransport, type Analytics, type BeaconSender, type PageContext } from '@mesura/analytics';
import { createIdentity, type Identity } from '@mesura/identity';
import { PENDING_LINK_PAGE_FIELD, type Environment, type TcfSignal } from '@mesura/protocol';
import { PAGE_VIEW_EVENT, SITE_ACCOUNTS, SITE_COMPONENTS, environmentForHost, siteProperty } from '@mesura/site-property';
import { browserEnvironment, createTagRuntimeWith, type ActionHandlers, type ConsentSource, type TagEnvironment, type TagRuntime, type Variables } from '@mesura/tags';
import { consentGated } from './consent-gated.js';
import { trackPageEngagement, type PageEngagement } from './page-engagement.js';
import { PERSONALISATION_VENDOR, WEB_ANALYTICS_VENDOR } from './constants.js';
import { queuedPages, type QueuedPage } from './queued-page.js';

/** What the server writes into the page as `window.mesuraConfig`; every field is optional. */
export interface MesuraConfig {
  /** Page views on load and route change, for pages that do not call scPageView. Default false. */
  autoPageView?: boolean;
  /** Collector origin. Default the page's own. */
  collector?: string;
  /** Origin the ga account's page views go to; default the collector; `false` sends none. */
  gaDestination?: string | false;
  /** Sister domains sharing the visitor (§7 visitor identity), for the activity-map module. */
  sisterDomains?: string[];
  /** The window property `/mesura-media.js` exports its API under (§9 "global export namespace"). Default 'mesuraMedia'. */
  mediaNamespace?: string;
  /**
   * The tag library the head code loads (§7 "Script loads": by account id and layer name,
   * `/tags/mesura/{layer}/mesura.js`, @mesura/site-property tagLibraryPath). Default '/mesura.js'.
   */
  tagLibrary?: string;
}

export interface StartOptions {
  config: MesuraConfig;
  consent: ConsentSource;
  /** The TCF signal every hit carries (`gdpr`, `gdpr_consent`), so that the collector checks consent again. */
  consentSignal?: () => TcfSignal | undefined;
  /** Host name choosing the environment when no layer does. Default the page's. */
  hostname?: string;
  /** The layer the tag library's address names (layerOfPath): it chooses the property and its accounts. Default by host name. */
  layer?: Environment;
  /** The audience module's URL (the audience-measurement rule); without it the module is not loaded. */
  audienceScriptUrl?: string;
  /** The asset host of the custom scripts (tagAssetsPath, absolute); without it they are not loaded. */
  assetsUrl?: string;
  /** The activity-map module's URL; without it the module is not loaded. */
  activityMapScriptUrl?: string;
  /** The media tracker bundle's URL, for pages with a player; without it it is not loaded. */
  mediaScriptUrl?: string;
  /** An editor's preview page (preview-mode.ts): nothing is measured, personalisation stays. Default false. */
  preview?: boolean;
  /** Overrides for tests; the real page's otherwise. */
  transport?: BeaconSender;
  identity?: Identity;
  env?: Partial<TagEnvironment>;
}

export interface Mesura {
  environment: Environment;
  runtime: TagRuntime;
  /** The web-analytics account's analytics, behind the consent gate. */
  analytics: Analytics;
  identity: Identity;
  /** May the SDK write cookies now (web-analytics consent, no opt-out)? */
  allowed(): boolean;
  /** May it send now: allowed, and not an editor's preview (preview-mode.ts)? */
  measuring(): boolean;
  /** The calls made next are handled on `page`, a queued call's (queued-page.ts); `undefined`: on the page shown again. */
  show(page?: QueuedPage): void;
}

/** Beacon paths are prefixed with the destination's origin, so one transport and its queue serve both accounts. */
const toward = (origin: string, transport: BeaconSender): BeaconSender => ({
  send: (path, query) => transport.send(origin + path, query),
});

/**
 * Wires the SDK: identity (the visitor), analytics (beacons and their transport) for the accounts
 * of the environment the host name chooses, and the tag runtime running the site's property, whose
 * actions become analytics hits. Nothing is sent or written while consent withholds it.
 */
export function startMesura(options: StartOptions): Mesura {
  const { config, consent } = options;
  const environment = options.layer ?? environmentForHost(options.hostname ?? location.hostname);
  const accounts = SITE_ACCOUNTS[environment];
  // The cookie needs web-analytics consent whoever asks for the id (a media heartbeat, a link): after
  // a withdrawal, which erases it (browser.ts), nothing may write it back.
  const identity = options.identity ?? createIdentity({ allowed: () => consent.hasVendorConsent(WEB_ANALYTICS_VENDOR) });
  const transport = options.transport ?? createTransport({ confirmWhileVisible: true });
  // An opt-out (§9: 7200 s) withdraws every vendor, so every consent condition of the rules honours it.
  const consents = (vendor: string | number) => !identity.isOptedOut() && consent.hasVendorConsent(vendor);
  // A preview page (preview-mode.ts) runs no rule of a measuring vendor (the media tracker, the
  // activity map…); the property names its vendors (@mesura/site-property), never by TCF id.
  const preview = options.preview === true;
  const vendors: ConsentSource = {
    hasVendorConsent: (vendor) => consents(vendor) && (!preview || vendor === PERSONALISATION_VENDOR),
    automaticHitsDisabled: () => consent.automaticHitsDisabled(),
  };
  const allowed = () => consents(WEB_ANALYTICS_VENDOR);
  const measuring = () => !preview && allowed();
  const account = (reportSuites: readonly string[], origin: string) =>
    consentGated(createAnalytics({ reportSuites, transport: toward(origin, transport), visitorId: () => identity.visitorId(), consentSignal: options.consentSignal }), measuring);
  const collector = config.collector ?? '';
  const analytics = account(accounts.reportSuites, collector);
  const ga = config.gaDestination === false ? [] : [account([accounts.ga.propertyId], config.gaDestination ?? collector)];
  // The rules read the page a replayed call was made on (queued-page.ts), else the page shown.
  const env = queuedPages({ ...browserEnvironment(), ...options.env }, () => runtime);
  // Measured like the page view it follows: web analytics and the automatic hits' purposes, asked again as it leaves.
  const engagement = trackPageEngagement((reading) => void (!vendors.automaticHitsDisabled() && analytics.engagement(reading)));
  const runtime = createTagRuntimeWith({
    components: SITE_COMPONENTS,
    property: siteProperty({
      environment,
      autoPageView: config.autoPageView ?? false,
      activityMapScriptUrl: options.activityMapScriptUrl,
      mediaScriptUrl: options.mediaScriptUrl,
      audienceMeasurementScriptUrl: options.audienceScriptUrl,
      assetsUrl: options.assetsUrl,
    }),
    handlers: analyticsHandlers(analytics, ga, engagement),
    consent: vendors,
    env,
  });
  return { environment, runtime, analytics, identity, allowed, measuring, show: env.show };
}

/**
 * The property's actions, as hits: page views go to both accounts, links and each page's
 * engagement (page-engagement.ts, which sends the page before its successor) to web analytics only.
 */
function analyticsHandlers(analytics: Analytics, pageViewCopies: Analytics[], engagement: PageEngagement): ActionHandlers {
  const accounts = [analytics, ...pageViewCopies];
  return {
    sendPageView: (input) => {
      const pageView = {
        pageName: input.pageName ?? '',
        url: input.url ?? location.href,
        channel: input.variables.section,
        variables: input.variables,
        events: input.events,
      };
      engagement.pageViewed(() => {
        for (const target of accounts) target.pageView(pageView);
      });
      // For the property's custom scripts, which follow the site's pages (interessos.js).
      dispatchEvent(new CustomEvent(PAGE_VIEW_EVENT, { detail: { pageName: pageView.pageName, section: pageView.channel } }));
    },
    sendLink: (input) =>
      analytics.link({
        linkType: input.linkType,
        linkName: input.linkName,
        linkText: typeof input.detail.linkText === 'string' ? input.detail.linkText : undefined,
        linkUrl: input.linkUrl,
        variables: input.variables,
        events: input.events,
        // A link the previous page followed before its app: sent on that page (pending-link-click.ts).
        page: input.detail[PENDING_LINK_PAGE_FIELD] as PageContext | undefined,
      }),
    clearVariables: () => {
      for (const target of accounts) target.clearVariables();
    },
    // The client the head snippet loaded (/mesura-personalize.js), when the visitor allows it.
    personalize: (input) =>
      void (window as { mesuraPersonalize?: { personalize(i: { mbox: string; parameters: Variables }): unknown } }).mesuraPersonalize?.personalize({
        mbox: input.mbox,
        parameters: input.parameters,
      }),
  };
}
