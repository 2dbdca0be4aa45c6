import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

/** What kind of device a hit came from, as reports group it. */
export type DeviceClass = 'desktop' | 'mobile' | 'tablet' | 'tv' | 'console' | 'wearable' | 'other' | 'unknown';

export interface UserAgentFacts {
  deviceClass: DeviceClass;
  /** Known crawlers and monitors: stored, flagged, and left out of reports by default. */
  isBot: boolean;
}

// User agents repeat heavily and parsing them is the costliest enrichment step: remember recent ones.
const CACHE_ENTRIES = 2000;
const UNKNOWN: UserAgentFacts = { deviceClass: 'unknown', isBot: false };

export function createUserAgentClassifier(): (userAgent: string | undefined) => UserAgentFacts {
  const cache = new Map<string, UserAgentFacts>();
  return (userAgent) => {
    if (!userAgent) return UNKNOWN;
    const known = cache.get(userAgent);
    if (known) return known;
    const facts = { deviceClass: deviceClass(userAgent), isBot: isbot(userAgent) };
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(userAgent, facts);
    return facts;
  };
}

function deviceClass(userAgent: string): DeviceClass {
  switch (new UAParser(userAgent).getDevice().type) {
    case undefined:
      return 'desktop';
    case 'mobile':
      return 'mobile';
    case 'tablet':
      return 'tablet';
    case 'smarttv':
      return 'tv';
    case 'console':
      return 'console';
    case 'wearable':
      return 'wearable';
    default:
      return 'other';
  }
}
