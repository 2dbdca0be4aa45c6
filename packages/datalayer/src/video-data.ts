/**
 * The video group of the data layer (spec §3 "Video"), as the site writes it in
 * `window.mesuraData.video` on pages with a player. Catalan camelCase names; numbers and booleans
 * are accepted wherever text is and tracked in their string form.
 */
export interface VideoData {
  /** Title of the video. */
  titol: string;
  /** Video session id. */
  idSessioVideo: string;
  /** Access channel, e.g. "web" or "app". */
  canalAcces: string;
  /** Whether the content is also broadcast on digital terrestrial television (TDT). */
  tdt: boolean | string;
  /** App version of the player. */
  versioApp: string;
  /** Broadband code. */
  codiBandaAmple: string;
  /** Season. */
  temporada: string | number;
  /** Sub-broadcaster. */
  subEmissor: string;
  /** Broadcast rights. */
  drets: string;
  /** Broadband section. Missing → "No informat". */
  seccioBandaAmple: string;
  /** Broadband subsection. Missing → "No informat". */
  subseccioBandaAmple: string;
  /** Chapter (episode). */
  capitol: string | number;
  /** Video URL. */
  urlVideo: string;
  /** Playback technology, e.g. "hls". */
  tecnologia: string;
  /** Content duration in seconds. */
  durada: number | string;
  /** Audio variant, e.g. "original" or "audiodescripcio". */
  varietatAudio: string;
  /** Segments, a comma list. An array is joined with ",". */
  segments: string | readonly string[];
  /** Target audience. */
  target: string;
  /** Programme code. Missing → "No informat". */
  codiPrograma: string;
  /** Content format. */
  formatContingut: string;
  /** Content type. */
  tipusContingut: string;
  /** Whether the video is subtitled. */
  subtitolat: boolean | string;
  /** Section. Missing → "No informat". */
  seccio: string;
  /** Whether the video is being sent to a TV ("veure a la TV", the scVeureATV call of §7). */
  veureATV: boolean | string;
  /** Content type reported in heartbeats. */
  tipusContingutHeartbeat: string;
  /** Thematic. */
  tematica: string;
}

/** One field name of the video group. */
export type VideoField = keyof VideoData;

/** The video group with the defaults of §5 applied: every field holds text. */
export type ResolvedVideo = { [K in VideoField]: string };
