/**
 * The activity-map module (§7 "Script loads"), loaded by the property's activity-map rule once
 * web-analytics consent holds: which region and link of the page was clicked, automatic download
 * (`lnk_d`) and exit-link (`lnk_e`) tracking (a link the previous page followed before /mesura.js
 * ran there included), and links to sister domains carrying the visitor id.
 * Apart from `/mesura.js` so that every page does not pay for it before it is needed.
 */
import { installLinkTracking } from '@mesura/analytics';
import { decorateSisterLinks } from '@mesura/identity';
import type { MesuraGlobal } from './mesura-global.js';
import { sendPendingPlainLinkClick } from './pending-plain-link-click.js';

const mesura = window.mesura as Partial<MesuraGlobal> | undefined;
if (mesura?.analytics && mesura.identity) {
  installLinkTracking({ analytics: mesura.analytics, internalHosts: [location.hostname] });
  // The link the previous page followed before /mesura.js ran there, classified by the same rules.
  sendPendingPlainLinkClick(mesura.analytics, [location.hostname]);
  const sisterDomains = mesura.config?.sisterDomains ?? [];
  // Consent asked at each click: after a withdrawal a link carries no id (nor writes one).
  if (sisterDomains.length > 0) decorateSisterLinks({ identity: mesura.identity, sisterDomains, allowed: mesura.allowed });
}
