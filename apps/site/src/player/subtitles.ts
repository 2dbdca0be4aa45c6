/**
 * The subtitles toggle: shows or hides the media's Catalan track, and says so to measurement: the
 * scSubtitols direct call with the player's link variables (§7), and the data layer's video group
 * `subtitolat`, which the media sessions that follow read.
 */
import type { DataLayer } from '../measurement/data-layer-types';
import { playerCallDetail, type LinkCallDetail } from '../measurement/direct-calls';
import type { PlayableMedia } from './playable-media';

/** The toggle's label, and the call's link text: what the button does when pressed. */
export function subtitlesButtonLabel(on: boolean): string {
  return on ? 'Desactiva els subtítols' : 'Activa els subtítols';
}

/** The scSubtitols detail of turning the subtitles `on` (or off). */
export function subtitlesCallDetail(media: PlayableMedia, on: boolean, pageUrl: string, seccio: string): LinkCallDetail {
  return playerCallDetail('scSubtitols', { id: media.id, title: media.title, kind: media.kind, programmeCode: media.programmeCode, seccio }, pageUrl, subtitlesButtonLabel(!on));
}

/** The data layer with `video.subtitolat` set; unchanged when the page has no video group. */
export function withSubtitled(layer: DataLayer | undefined, on: boolean): DataLayer | undefined {
  if (!layer?.video) return layer;
  return { ...layer, video: { ...layer.video, subtitolat: on ? 'true' : 'false' } };
}

/** Shows (or hides) the element's first subtitles track: the browser draws its cues. */
export function showSubtitles(media: HTMLMediaElement, on: boolean): void {
  const track = Array.from(media.textTracks ?? []).find((each) => each.kind === 'subtitles');
  if (track) track.mode = on ? 'showing' : 'hidden';
}
