// Prints each browser bundle's raw and gzipped size and fails past its budget (run by every SDK build).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** Budgets, gzipped. Raise one only with a reason in the commit message. */
export const BUDGETS_GZIP_BYTES = {
  /**
   * tags + analytics + identity: what every page loads. 13.25 KB: the page's customer ids (§3,
   * `mesura.setCustomerIds`, with the §5 check and warning, kept for the tab) cost 446 bytes past
   * the old 12.25 KB, the visitor across domains (§7: `GET /id` for a visitor new to a sister
   * domain, the ID-sync module loaded when due) 423 more; the ID sync itself is a module of its own.
   * 13.5 KB: the script loads of §7 (the layer read from the tag library's address, the audience
   * module's and the two custom scripts' rules, the page-view event they follow) cost about 250
   * bytes; the media start hits encoded here rather than in mesura-media.js, 120 (that bundle lost
   * 1.65 KB).
   */
  'mesura.js': 13.5 * 1024,
  /** Click tracking (activity map, downloads, exit links, sister-domain links), loaded by a rule. */
  'mesura-activity-map.js': 2 * 1024,
  /**
   * The media tracker, its player adapters (HTML5, hls.js) and start hits, loaded on pages with a
   * player. 15 KB: 14.79 KB since its start hits go out through /mesura.js's analytics
   * (`window.mesura.analytics`) instead of a beacon builder of its own, which saved 1.6 KB.
   */
  'mesura-media.js': 15 * 1024,
  /**
   * The personalisation client, loaded while the body is hidden: its goal is ≤ 8 KB.
   * It holds the delivery requests with the visitor's ids (the customer ids and their 2000 ms
   * visitor-API wait, src/page-customer-ids.ts), the hiding, the offers' rendering and keeping,
   * and the API; DOMPurify is not in it (mesura-sanitize.js). 7.98 KB (8175 B) with the customer
   * ids; 8190 B with the erasure of its cookies on a withdrawal, paid for by reading the opt-out
   * without its status names and a shorter TCF vendor check: room for a feature is found inside
   * the client (one core, no copied contexts), not here.
   */
  'mesura-personalize.js': 8 * 1024,
  /**
   * DOMPurify, the offers' sanitiser, and the trusted activities' policy (11.24 KB), loaded by the
   * client beside its first request; about 0.75 KB of room for DOMPurify's updates.
   */
  'mesura-sanitize.js': 12 * 1024,
  /** The ID-sync frame's page side (§7), loaded by /mesura.js at most once a day, 30 s after the start. */
  'mesura-id-sync.js': 1.5 * 1024,
  /** Inlined in every page's <head>: the queue, the __tcfapi stub, the stored-consent check. */
  'mesura-head.js': 2 * 1024,
  /** The audience-management module (segments from the device's data), loaded by a rule. */
  'mesura-audience.js': 1 * 1024,
  /** The site property's two custom scripts on the asset host, loaded by rules. */
  'tag-assets/lectura-completa.js': 1 * 1024,
  'tag-assets/interessos.js': 1 * 1024,
};

const kb = (n) => (n / 1024).toFixed(2);
let over = false;
for (const [name, budget] of Object.entries(BUDGETS_GZIP_BYTES)) {
  const source = readFileSync(fileURLToPath(new URL(`../packages/sdk/dist/${name}`, import.meta.url)));
  const gzipped = gzipSync(source, { level: 9 }).length;
  console.log(`${name}: ${kb(source.length)} KB raw, ${kb(gzipped)} KB gzip (budget ${kb(budget)} KB gzip)`);
  if (gzipped > budget) {
    console.error(`${name} is over its budget by ${gzipped - budget} bytes gzip`);
    over = true;
  }
}
if (over) process.exit(1);
