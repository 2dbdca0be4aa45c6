/** The seeded TV channels and radio stations, and each one's day of programmes (Madrid time). */
import type { Channel, Station } from '../types.js';

/** The DVR window the live playlists offer (server/src/live), in seconds. */
export const LIVE_DVR_WINDOW_S = 600;

const liveSrc = (slug: string) => `/live/${slug}/index.m3u8`;

export const CHANNELS: Channel[] = [
  { slug: 'mesura-tv', name: 'Mesura TV', liveSrc: liveSrc('mesura-tv'), dvrWindowSeconds: LIVE_DVR_WINDOW_S },
  { slug: 'mesura-24', name: 'Mesura 24', liveSrc: liveSrc('mesura-24'), dvrWindowSeconds: LIVE_DVR_WINDOW_S },
  { slug: 'mesura-esports', name: 'Mesura Esports', liveSrc: liveSrc('mesura-esports'), dvrWindowSeconds: LIVE_DVR_WINDOW_S },
];

export const STATIONS: Station[] = [
  { slug: 'mesura-radio', name: 'Mesura Ràdio', liveSrc: liveSrc('mesura-radio'), dvrWindowSeconds: LIVE_DVR_WINDOW_S },
  { slug: 'mesura-musica', name: 'Mesura Música', liveSrc: liveSrc('mesura-musica'), dvrWindowSeconds: LIVE_DVR_WINDOW_S },
  { slug: 'mesura-classica', name: 'Mesura Clàssica', liveSrc: liveSrc('mesura-classica'), dvrWindowSeconds: LIVE_DVR_WINDOW_S },
];

/** One slot of a day: start (HH:MM, Madrid), title, the programme's slug when it has a page, genre. */
export type Slot = readonly [string, string, string | undefined, string];

/** Each channel's and station's day, from midnight; a slot lasts until the next one starts. */
export const DAY_SCHEDULES: Record<string, readonly Slot[]> = {
  'mesura-tv': [
    ['00:00', 'El Reportatge (redifusió)', 'el-reportatge', 'Documentals'],
    ['02:00', 'Música a la nit', undefined, 'Música'],
    ['06:00', 'Bon dia, Catalunya', undefined, 'Magazín'],
    ['10:00', 'Cara a cara', 'cara-a-cara', 'Entrevistes'],
    ['11:00', 'El matí en directe', undefined, 'Magazín'],
    ['14:00', 'Mesura Notícies migdia', 'mesura-noticies', 'Informatius'],
    ['15:30', 'La sèrie de la tarda', undefined, 'Ficció'],
    ['17:00', 'El Reportatge', 'el-reportatge', 'Documentals'],
    ['18:00', 'La tarda a casa', undefined, 'Magazín'],
    ['21:00', 'Mesura Notícies vespre', 'mesura-noticies', 'Informatius'],
    ['22:00', 'Cara a cara', 'cara-a-cara', 'Entrevistes'],
    ['23:00', 'Cinema de mitjanit', undefined, 'Cinema'],
  ],
  'mesura-24': [
    ['00:00', 'Mesura Notícies, la nit', 'mesura-noticies', 'Informatius'],
    ['06:00', 'Primera hora', 'mesura-noticies', 'Informatius'],
    ['09:00', 'Temps de terra', 'temps-de-terra', 'Divulgació'],
    ['10:00', 'Mesura Notícies, el matí', 'mesura-noticies', 'Informatius'],
    ['14:00', 'Mesura Notícies migdia', 'mesura-noticies', 'Informatius'],
    ['16:00', 'La tarda informativa', 'mesura-noticies', 'Informatius'],
    ['20:00', 'Temps de terra', 'temps-de-terra', 'Divulgació'],
    ['21:00', 'Mesura Notícies vespre', 'mesura-noticies', 'Informatius'],
  ],
  'mesura-esports': [
    ['00:00', 'Zona Esportiva (redifusió)', 'zona-esportiva', 'Esports'],
    ['07:00', 'Esport en forma', undefined, 'Esports'],
    ['12:00', 'Zona Esportiva migdia', 'zona-esportiva', 'Esports'],
    ['15:00', 'Bàsquet: partit de la jornada', undefined, 'Esports'],
    ['17:00', 'Ciclisme: la Volta en record', undefined, 'Esports'],
    ['19:00', 'Futbol femení en directe', undefined, 'Esports'],
    ['21:00', 'Zona Esportiva', 'zona-esportiva', 'Esports'],
  ],
  'mesura-radio': [
    ['00:00', 'La nit de Mesura Ràdio', undefined, 'Magazín'],
    ['06:00', 'El matí de Mesura Ràdio', 'mesura-radio-podcast', 'Magazín'],
    ['12:00', 'Migdia informatiu', undefined, 'Informatius'],
    ['14:00', 'La tertúlia', 'mesura-radio-podcast', 'Tertúlia'],
    ['16:00', 'Tarda de ràdio', undefined, 'Magazín'],
    ['20:00', 'Esports a la ràdio', undefined, 'Esports'],
    ['23:00', 'Música per a tothom', 'musica-per-a-tothom', 'Música'],
  ],
  'mesura-musica': [
    ['00:00', 'Música sense aturador', undefined, 'Música'],
    ['08:00', 'Música per a tothom', 'musica-per-a-tothom', 'Música'],
    ['12:00', 'Les novetats', undefined, 'Música'],
    ['18:00', 'Concerts en directe', undefined, 'Música'],
    ['22:00', 'Jazz de nit', undefined, 'Música'],
  ],
  'mesura-classica': [
    ['00:00', 'Nit clàssica', undefined, 'Música clàssica'],
    ['08:00', 'La clàssica', 'la-classica', 'Música clàssica'],
    ['12:00', 'Concert del migdia', undefined, 'Música clàssica'],
    ['17:00', 'Òpera a la tarda', undefined, 'Música clàssica'],
    ['21:00', 'La clàssica', 'la-classica', 'Música clàssica'],
  ],
};
