/**
 * How a visit's referrer is grouped: search engines, social networks, other sites, or direct (no
 * referrer, or the site itself after a pause). Hosts are matched by their registrable part
 * (`www.google.es` and `news.google.com` are Google), from these fixed lists. The rule as each
 * engine's SQL is store/referrer-group-sql.ts.
 */

export type ReferrerGroup = 'cercadors' | 'xarxes-socials' | 'altres-webs' | 'directe';

export const REFERRER_GROUP_LABELS: Readonly<Record<ReferrerGroup, string>> = {
  cercadors: 'Cercadors',
  'xarxes-socials': 'Xarxes socials',
  'altres-webs': 'Altres webs',
  directe: 'Directe',
};

/** Second-level names of search engines (the part before the public suffix). */
export const SEARCH_ENGINE_NAMES = ['google', 'bing', 'duckduckgo', 'yahoo', 'ecosia', 'qwant', 'yandex', 'baidu', 'startpage', 'brave'] as const;

/** Hosts (or their registrable part) of social networks and messaging apps. */
export const SOCIAL_NETWORK_HOSTS = [
  'facebook.com',
  'fb.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'tiktok.com',
  'youtube.com',
  'reddit.com',
  'pinterest.com',
  'mastodon.social',
  'bsky.app',
  'threads.net',
  'whatsapp.com',
  'telegram.org',
  't.me',
] as const;
