/**
 * The site's accounts per environment (spec §9 "Site analytics": separate report suites for
 * staging, production and development; a site tag with one account of type ga holding a property
 * id per environment), and which environment a page is in, chosen by its host name.
 */
import { REPORT_SUITES, type Environment } from '@mesura/protocol';

/** One environment's accounts. */
export interface EnvironmentAccounts {
  /** Host names of this environment; a sub-domain of a listed host matches too. */
  hosts: readonly string[];
  /** Report suites of the web-analytics account: every hit goes to each. */
  reportSuites: readonly string[];
  /** The second account, of type ga: its own property id, receiving the same page views. */
  ga: { propertyId: string };
}

export type SiteAccounts = Readonly<Record<Environment, EnvironmentAccounts>>;

export const SITE_ACCOUNTS: SiteAccounts = {
  production: { hosts: ['mesura.cat'], reportSuites: [REPORT_SUITES.production], ga: { propertyId: 'G-MESURAPROD' } },
  staging: { hosts: ['stg.mesura.cat'], reportSuites: [REPORT_SUITES.staging], ga: { propertyId: 'G-MESURASTG' } },
  development: { hosts: ['localhost', '127.0.0.1', 'dev.mesura.cat'], reportSuites: [REPORT_SUITES.development], ga: { propertyId: 'G-MESURADEV' } },
};

/** Most specific first: `stg.mesura.cat` is also a sub-domain of the production host. */
const LOOKUP_ORDER: readonly Environment[] = ['development', 'staging', 'production'];

const hostMatches = (host: string, listed: string) => host === listed || host.endsWith(`.${listed}`);

/**
 * The environment of a page on `hostname`. A host no environment lists is development: a copy of
 * the site on an unknown host must never count in the production suites.
 */
export function environmentForHost(hostname: string, accounts: SiteAccounts = SITE_ACCOUNTS): Environment {
  const host = hostname.toLowerCase();
  return LOOKUP_ORDER.find((environment) => accounts[environment].hosts.some((listed) => hostMatches(host, listed.toLowerCase()))) ?? 'development';
}
