/**
 * What kind of hit a beacon is, from `pe` and its companions `pev1`, `pev2` (link URL and name)
 * and `pev3` (media type of a heartbeat library's media-start hit). No `pe` is a page view.
 */
import type { AnalyticsHit, HitType, LinkInfo, LinkType, MediaStartInfo } from './analytics-hit.js';
import { decoded, rejected, type Result } from './result.js';
import { hitTypeMismatch, missingMediaType, unknownPe } from './errors.js';
import { PAGE_ENGAGEMENT_PE } from './page-engagement.js';

/** `pe` of each link-track type. */
const LINK_PE: Readonly<Record<LinkType, string>> = { o: 'lnk_o', d: 'lnk_d', e: 'lnk_e' };
const LINK_HIT_TYPE: Readonly<Record<LinkType, HitType>> = { o: 'link_o', d: 'link_d', e: 'link_e' };
/** `pe` of each media-start hit; the wire value is also `MediaStartInfo.kind`. */
const MEDIA_HIT_TYPE: Readonly<Record<MediaStartInfo['kind'], HitType>> = {
  ms_s: 'media_start',
  msa_s: 'ad_start',
};

/** The `pe`-family parameters a beacon carried, empty ones already dropped. */
export interface PeParams {
  pe?: string;
  pev1?: string;
  pev2?: string;
  pev3?: string;
}

export interface HitKind {
  hitType: HitType;
  link?: LinkInfo;
  media?: MediaStartInfo;
}

export function readHitKind(params: PeParams): Result<HitKind> {
  const { pe, pev1, pev2, pev3 } = params;
  if (pe === undefined) return decoded({ hitType: 'page_view' });

  const linkType = linkTypeOf(pe);
  if (linkType !== undefined) {
    const link: LinkInfo = { type: linkType };
    if (pev1 !== undefined) link.url = pev1;
    if (pev2 !== undefined) link.name = pev2;
    return decoded({ hitType: LINK_HIT_TYPE[linkType], link });
  }
  if (isMediaKind(pe)) {
    if (pev3 === undefined) return rejected(missingMediaType(pe));
    return decoded({ hitType: MEDIA_HIT_TYPE[pe], media: { kind: pe, mediaType: pev3 } });
  }
  // Its measures are context data, checked with it (beacon-decoder.ts).
  if (pe === PAGE_ENGAGEMENT_PE) return decoded({ hitType: 'page_engagement' });
  return rejected(unknownPe(pe));
}

/**
 * The `pe`-family parameters for `hitType`, in wire order. Throws when the hit says otherwise
 * (a link of another type, media on a link hit, a media hit without its media), since the caller
 * would otherwise send a beacon that does not mean what it built.
 */
export function hitKindParams(hitType: HitType, hit: Pick<AnalyticsHit, 'link' | 'media'>): [string, string][] {
  const linkType = keyOf(LINK_HIT_TYPE, hitType);
  const mediaKind = keyOf(MEDIA_HIT_TYPE, hitType);
  if (hit.link && hit.link.type !== linkType) {
    throw new Error(hitTypeMismatch(hitType, `link.type is '${hit.link.type}'`));
  }
  if (hit.media && hit.media.kind !== mediaKind) {
    throw new Error(hitTypeMismatch(hitType, `media.kind is '${hit.media.kind}'`));
  }
  if (linkType !== undefined) {
    const params: [string, string][] = [['pe', LINK_PE[linkType]]];
    if (hit.link?.url) params.push(['pev1', hit.link.url]);
    if (hit.link?.name) params.push(['pev2', hit.link.name]);
    return params;
  }
  if (mediaKind !== undefined) {
    if (!hit.media) throw new Error(hitTypeMismatch(hitType, 'media is missing'));
    return [
      ['pe', mediaKind],
      ['pev3', hit.media.mediaType],
    ];
  }
  if (hitType === 'page_engagement') return [['pe', PAGE_ENGAGEMENT_PE]];
  return [];
}

/** The key whose value is `value`, if any. */
function keyOf<K extends string, V>(record: Readonly<Record<K, V>>, value: V): K | undefined {
  return (Object.keys(record) as K[]).find((key) => record[key] === value);
}

function linkTypeOf(pe: string): LinkType | undefined {
  return keyOf(LINK_PE, pe);
}

function isMediaKind(pe: string): pe is MediaStartInfo['kind'] {
  return Object.hasOwn(MEDIA_HIT_TYPE, pe);
}
