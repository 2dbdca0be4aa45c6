/**
 * The settings an intake under test takes besides its store: the site's variables and suite in the
 * development environment, the zone of the site, consent checked, a visitor rate no test reaches.
 */
import { SITE_VARIABLE_MAP } from '@mesura/protocol';

export function intakeOptions(dataDir: string) {
  return {
    dataDir,
    environment: 'development',
    variableMap: SITE_VARIABLE_MAP,
    timeZone: 'Europe/Madrid',
    reportSuite: 'mesuradev',
    reportSuites: ['mesuradev'],
    visitorRate: { maxHitsPerS: 1000, burstHits: 1000 },
    consentPolicy: 'verify' as const,
    keepUserAgent: false,
    onLoadError: () => undefined,
  };
}
