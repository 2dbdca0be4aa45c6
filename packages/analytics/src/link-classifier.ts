/**
 * Which clicked links the analytics tracks by itself (spec §9 "download and external link
 * tracking"): a download (`lnk_d`) is a link to a file of one of the configured types, wherever it
 * is hosted; an exit link (`lnk_e`) is a link to a host outside the internal-host filter. Pure: the
 * DOM adapter (link-tracking.ts) passes the href and the page's URL.
 */
import { DEFAULT_DOWNLOAD_EXTENSIONS } from './constants.js';

/**
 * What a link is, for tracking.
 * - `download`: its path ends in a download extension; sent as `pe=lnk_d`. Checked first, so a PDF
 *   on another host is a download, as the commercial library counts it.
 * - `exit`: it leads to a host outside the internal hosts; sent as `pe=lnk_e`.
 * - `internal`: it stays on the site; no hit of its own (its click waits for the next hit).
 * - `ignored`: not an http(s) link (`mailto:`, `tel:`, `javascript:`) or not a URL at all.
 */
export type LinkClass = 'download' | 'exit' | 'internal' | 'ignored';

export interface LinkClassOptions {
  /** The page's URL: relative hrefs resolve against it, and its host is always internal. */
  pageUrl: string;
  /**
   * Hosts that count as the site. A host matches an entry equal to it or a parent domain of it
   * (`ccma.cat` covers `www.ccma.cat`). Defaults to none besides the page's own host.
   */
  internalHosts?: readonly string[];
  /** File extensions, without the dot. Defaults to DEFAULT_DOWNLOAD_EXTENSIONS. */
  downloadExtensions?: readonly string[];
}

export function classifyLink(href: string, options: LinkClassOptions): LinkClass {
  let url: URL;
  try {
    url = new URL(href, options.pageUrl);
  } catch {
    return 'ignored';
  }
  if (!/^https?:$/.test(url.protocol)) return 'ignored';

  const path = url.pathname.toLowerCase();
  const extensions = options.downloadExtensions ?? DEFAULT_DOWNLOAD_EXTENSIONS;
  if (extensions.some((extension) => path.endsWith(`.${extension.toLowerCase()}`))) return 'download';

  const host = url.hostname;
  const internal = [new URL(options.pageUrl).hostname, ...(options.internalHosts ?? [])];
  const inside = internal.some((entry) => host === entry || host.endsWith(`.${entry}`));
  return inside ? 'internal' : 'exit';
}
