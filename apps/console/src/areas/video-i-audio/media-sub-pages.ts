/**
 * The sub-pages of Vídeo i àudio, in the order of its navigation: each shows the media reports
 * whose id starts with its prefix (the server's catalogue names them `media/{family}-…`), so a
 * new report of a family joins its page without a change here.
 */
export interface MediaSubPage {
  /** The path under the area (`''` is the area's own address). */
  path: string;
  /** Catalan name, in the navigation and the window's title. */
  label: string;
  /** The reports shown: those whose id starts with one of these. */
  reportPrefixes: readonly string[];
}

export const MEDIA_AREA_PATH = '/video-i-audio';
export const MEDIA_AREA_LABEL = 'Vídeo i àudio';

export const MEDIA_SUB_PAGES: readonly MediaSubPage[] = [
  { path: '', label: 'Reproduccions', reportPrefixes: ['media/plays-'] },
  { path: 'anuncis', label: 'Anuncis i capítols', reportPrefixes: ['media/ads-'] },
  { path: 'qualitat', label: "Qualitat de l'experiència", reportPrefixes: ['media/quality-'] },
  { path: 'directe', label: 'Directe', reportPrefixes: ['media/live-'] },
  { path: 'radio', label: 'Ràdio', reportPrefixes: ['media/radio-'] },
];

/** The sub-page that shows `report` (`media/live-viewers-per-minute` → Directe), if any does. */
export function subPageOf(report: string): MediaSubPage | undefined {
  return MEDIA_SUB_PAGES.find((page) => page.reportPrefixes.some((prefix) => report.startsWith(prefix)));
}
