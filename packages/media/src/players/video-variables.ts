/**
 * The numbered analytics variables a media session carries as context data (spec §3 "Video info
 * read by the video tracking: … a parameters object of numbered analytics variables"): each field
 * of the data layer's video group under the report suite's variable it fills. They ride on the
 * session's `start` heartbeat (`s:meta:eVar50`, …) and on its `ms_s` analytics hit.
 *
 * The slots continue the site's page variables (@mesura/protocol's SITE_VARIABLE_MAP ends at
 * eVar34). Changing one moves a variable's history, as there: a slot is never reused. Typed as a
 * full record, so that a field added to the video group does not compile until it has a slot.
 */
import type { VideoField } from '@mesura/datalayer';

export const VIDEO_VARIABLES: Readonly<Record<VideoField, string>> = Object.freeze({
  titol: 'eVar50',
  idSessioVideo: 'eVar51',
  canalAcces: 'eVar52',
  tdt: 'eVar53',
  versioApp: 'eVar54',
  codiBandaAmple: 'eVar55',
  temporada: 'eVar56',
  subEmissor: 'eVar57',
  drets: 'eVar58',
  seccioBandaAmple: 'eVar59',
  subseccioBandaAmple: 'eVar60',
  capitol: 'eVar61',
  urlVideo: 'eVar62',
  tecnologia: 'eVar63',
  durada: 'eVar64',
  varietatAudio: 'eVar65',
  segments: 'eVar66',
  target: 'eVar67',
  codiPrograma: 'eVar68',
  formatContingut: 'eVar69',
  tipusContingut: 'eVar70',
  subtitolat: 'eVar71',
  seccio: 'eVar72',
  veureATV: 'eVar73',
  tipusContingutHeartbeat: 'eVar74',
  tematica: 'eVar75',
});
