/**
 * The part of an IAB VAST document the page's ad player needs: the first inline linear ad, its
 * length, when it may be skipped, where a click on it leads, and a media file this browser plays. VAST is plain XML, so the browser's DOMParser reads
 * it; wrappers (a VAST pointing to another) and tracking URLs are left out: the site serves its
 * own inline ads, and their starts are measured by the media tracker.
 */
export interface VastAd {
  /** `<Ad id>`: the ad id the tracker reports. */
  id: string;
  /** `<AdTitle>`. */
  title: string;
  /** `<Advertiser>`; empty when the document names none. */
  advertiser: string;
  /** `<Creative id>` of the linear creative; empty when it has none. */
  creativeId: string;
  /** `<Linear><Duration>`, seconds. */
  lengthSeconds: number;
  /** The first `<MediaFile>` the browser can play, and its MIME type. */
  mediaUrl: string;
  mediaType: string;
  /** `<Linear skipoffset>` as seconds into the ad; undefined when the ad may not be skipped. */
  skipOffsetSeconds?: number;
  /** `<VideoClicks><ClickThrough>`: the advertiser's page, http(s) or site-relative only. */
  clickThrough?: string;
}

export interface VastOptions {
  /** Default: a new DOMParser. */
  parser?: Pick<DOMParser, 'parseFromString'>;
  /** Whether the player plays this MIME type (HTMLMediaElement.canPlayType). Default: every type. */
  canPlay?: (type: string) => boolean;
}

/** `HH:MM:SS` or `HH:MM:SS.mmm` as seconds; NaN for anything else. */
export function vastDurationSeconds(text: string): number {
  const match = /^(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, hours, minutes, seconds] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/**
 * `skipoffset` as seconds into an ad of `lengthSeconds`: a time (`HH:MM:SS[.mmm]`) or a share of the
 * ad (`n%`). Undefined when absent or malformed: an ad whose skip offset cannot be read is not
 * skippable, as VAST 4 says of a missing one.
 */
export function vastSkipOffsetSeconds(text: string | null, lengthSeconds: number): number | undefined {
  if (text === null) return undefined;
  const percent = /^(\d{1,3}(?:\.\d+)?)%$/.exec(text.trim());
  if (percent) {
    const share = Number(percent[1]);
    return share <= 100 ? (lengthSeconds * share) / 100 : undefined;
  }
  const seconds = vastDurationSeconds(text);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/**
 * A click-through the page may open: absolute http(s), or a path on the site. Anything else (a
 * `javascript:` URL in a third party's document) is left out.
 */
export function safeClickThrough(text: string): string | undefined {
  const url = text.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : undefined;
}

/** The ad a VAST document describes; undefined when it is not VAST, has no linear ad or nothing playable. */
export function parseVast(xml: string, options: VastOptions = {}): VastAd | undefined {
  const document = (options.parser ?? new DOMParser()).parseFromString(xml, 'application/xml');
  if (document.documentElement.nodeName !== 'VAST') return undefined;
  const ad = first(document, 'Ad');
  const inline = ad && first(ad, 'InLine');
  const linear = inline && first(inline, 'Linear');
  if (!ad || !inline || !linear) return undefined;
  const lengthSeconds = vastDurationSeconds(text(linear, 'Duration'));
  const canPlay = options.canPlay ?? (() => true);
  const mediaFile = Array.from(linear.getElementsByTagName('MediaFile')).find((file) => canPlay(file.getAttribute('type') ?? ''));
  const mediaUrl = mediaFile?.textContent?.trim() ?? '';
  if (!Number.isFinite(lengthSeconds) || mediaUrl === '') return undefined;
  const skipOffsetSeconds = vastSkipOffsetSeconds(linear.getAttribute('skipoffset'), lengthSeconds);
  const clickThrough = safeClickThrough(text(linear, 'ClickThrough'));
  return {
    id: ad.getAttribute('id') ?? '',
    title: text(inline, 'AdTitle'),
    advertiser: text(inline, 'Advertiser'),
    creativeId: linear.parentElement?.getAttribute('id') ?? '',
    lengthSeconds,
    mediaUrl,
    mediaType: mediaFile?.getAttribute('type') ?? '',
    ...(skipOffsetSeconds === undefined ? {} : { skipOffsetSeconds }),
    ...(clickThrough === undefined ? {} : { clickThrough }),
  };
}

function first(parent: Element | Document, tag: string): Element | undefined {
  return parent.getElementsByTagName(tag)[0] ?? undefined;
}

function text(parent: Element, tag: string): string {
  return first(parent, tag)?.textContent?.trim() ?? '';
}
