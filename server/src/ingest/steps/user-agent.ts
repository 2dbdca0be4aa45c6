import type { DeviceClass } from '@mesura/protocol';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';

/**
 * What is stored of a user agent instead of the string itself (minimisation): the parts reports
 * group by, none of which tells one visitor from another of the same browser.
 */
export interface UserAgentFacts {
  deviceClass: DeviceClass;
  /** Known crawlers and monitors: stored, flagged, and left out of reports by default. */
  isBot: boolean;
  /** `Chrome`, `Firefox`, `Mobile Safari`…; null when the parser does not know it. */
  browserName: string | null;
  /** The browser's major version (`131`); null when unknown. */
  browserMajorVersion: string | null;
  /** `Windows`, `Android`, `iOS`, `Linux`…; null when unknown. */
  osName: string | null;
}

// User agents repeat heavily and parsing them is the costliest enrichment step: remember recent ones.
const CACHE_ENTRIES = 2000;
const UNKNOWN: UserAgentFacts = { deviceClass: 'unknown', isBot: false, browserName: null, browserMajorVersion: null, osName: null };

export function createUserAgentClassifier(): (userAgent: string | undefined) => UserAgentFacts {
  const cache = new LRUCache<string, UserAgentFacts>({ max: CACHE_ENTRIES });
  return (userAgent) => {
    if (!userAgent) return UNKNOWN;
    const known = cache.get(userAgent);
    if (known) return known;
    const facts = parse(userAgent);
    cache.set(userAgent, facts);
    return facts;
  };
}

function parse(userAgent: string): UserAgentFacts {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  return {
    deviceClass: deviceClass(device.type),
    isBot: isbot(userAgent),
    browserName: browser.name ?? null,
    browserMajorVersion: browser.major ?? null,
    osName: os.name ?? null,
  };
}

function deviceClass(type: string | undefined): DeviceClass {
  switch (type) {
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
