import { UAParser } from 'ua-parser-js';

/** What kind of device a hit came from, as reports group it. */
export type DeviceClass = 'desktop' | 'mobile' | 'tablet' | 'tv' | 'console' | 'wearable' | 'other' | 'unknown';

// User agents repeat heavily; parsing is the costliest enrichment step, so remember recent ones.
const CACHE_ENTRIES = 2000;

export function createDeviceClassifier(): (userAgent: string | undefined) => DeviceClass {
  const cache = new Map<string, DeviceClass>();
  return (userAgent) => {
    if (!userAgent) return 'unknown';
    const known = cache.get(userAgent);
    if (known) return known;
    const deviceClass = classify(userAgent);
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(userAgent, deviceClass);
    return deviceClass;
  };
}

function classify(userAgent: string): DeviceClass {
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
