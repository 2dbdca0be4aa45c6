/**
 * media-chrome's labels and tooltips in Catalan. Its own languages stop at Spanish, and it picks
 * its language from the browser's (navigator.language), so a visitor whose browser says "en" would
 * hear English names on a Catalan page. The site's controls speak the site's language whatever the
 * browser's, so Catalan is added and chosen before any control renders its first label.
 */
import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';

/** The language code the controls answer in. */
export const PLAYER_LANGUAGE = 'ca';

/**
 * The names the controls use, keyed by media-chrome's English text. The play and mute names are
 * the ones the site's own controls had ("Reprodueix", "Pausa", "Silencia"), which tests and voice
 * users already say.
 */
export const CATALAN_LABELS = {
  Captions: 'Subtítols',
  'Enable captions': 'Activa els subtítols',
  'Disable captions': 'Desactiva els subtítols',
  'Enter fullscreen mode': 'Pantalla completa',
  'Exit fullscreen mode': 'Surt de la pantalla completa',
  Mute: 'Silencia',
  Unmute: 'Activa el so',
  'Enter picture in picture mode': 'Imatge sobre imatge',
  'Exit picture in picture mode': 'Surt de la imatge sobre imatge',
  Play: 'Reprodueix',
  Pause: 'Pausa',
  Quality: 'Qualitat',
  'Seek backward': 'Enrere',
  'Seek forward': 'Endavant',
  Settings: 'Configuració',
  Auto: 'Automàtica',
  'audio player': "reproductor d'àudio",
  'video player': 'reproductor de vídeo',
  volume: 'Volum',
  seek: 'Posició',
  'closed captions': 'subtítols',
  'playback time': 'temps de reproducció',
  'media loading': 'carregant',
  quality: 'qualitat',
  play: 'Reprodueix',
  pause: 'Pausa',
  mute: 'Silencia',
  unmute: 'Activa el so',
  'chapter: {chapterName}': 'capítol: {chapterName}',
  live: 'directe',
  Off: 'Desactivats',
  'enter fullscreen mode': 'Pantalla completa',
  'exit fullscreen mode': 'Surt de la pantalla completa',
  'enter picture in picture mode': 'Imatge sobre imatge',
  'exit picture in picture mode': 'Surt de la imatge sobre imatge',
  'seek to live': 'Ves al directe',
  'playing live': 'En directe',
  'seek back {seekOffset} seconds': 'Enrere {seekOffset} segons',
  'seek forward {seekOffset} seconds': 'Endavant {seekOffset} segons',
  'Network Error': 'Error de xarxa',
  'Decode Error': 'Error de descodificació',
  'Source Not Supported': 'Format no admès',
  hour: 'hora',
  hours: 'hores',
  minute: 'minut',
  minutes: 'minuts',
  second: 'segon',
  seconds: 'segons',
  '{time} remaining': 'queden {time}',
  '{currentTime} of {totalTime}': '{currentTime} de {totalTime}',
  'video not loaded, unknown time.': 'vídeo no carregat, durada desconeguda.',
} as const;

addTranslation(PLAYER_LANGUAGE, CATALAN_LABELS);
setLanguage(PLAYER_LANGUAGE);
