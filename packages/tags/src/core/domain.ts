/** §8 "library not authorised for the domain": where the property's rules may run. */
import type { PropertyConfig } from '../config/property-config.js';
import { LOCAL_HOSTS } from '../constants.js';

/** §9 "property domain list": the host is a listed domain or under one (or local, when allowed). */
export function hostAllowed(hostname: string, property: Pick<PropertyConfig, 'domains' | 'allowLocalhost'>): boolean {
  const host = hostname.toLowerCase();
  if (property.allowLocalhost && LOCAL_HOSTS.includes(host)) return true;
  return property.domains.some((domain) => {
    const d = domain.toLowerCase();
    return host === d || host.endsWith(`.${d}`);
  });
}
