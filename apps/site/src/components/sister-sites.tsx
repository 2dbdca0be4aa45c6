import { useEffect, useState } from 'react';

/** A domain as the operator configures it (MESURA_SISTER_DOMAINS): letters, digits, dots and dashes only. */
const DOMAIN_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/**
 * The broadcaster's other websites, the sister domains the operator configured (window.mesuraConfig
 * .sisterDomains): a visitor following one keeps their visitor id (§9 cross-domain linking). None
 * by default, so the footer never links a site that is not there. Read after the first render: the
 * server's first view has no configuration.
 */
export function SisterSites() {
  const [domains, setDomains] = useState<string[]>([]);
  useEffect(() => {
    const configured = (window.mesuraConfig as { sisterDomains?: unknown } | undefined)?.sisterDomains;
    if (Array.isArray(configured)) setDomains(configured.filter((d): d is string => typeof d === 'string' && DOMAIN_PATTERN.test(d)));
  }, []);
  return (
    <>
      {domains.map((domain) => (
        <li key={domain}>
          <a href={`https://www.${domain}/`}>www.{domain}</a>
        </li>
      ))}
    </>
  );
}
