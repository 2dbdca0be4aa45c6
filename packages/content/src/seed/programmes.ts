/**
 * The seeded programmes, their seasons and episodes. Video episodes play their own HLS playlists,
 * made at the site's build (4 to 25 minutes, three renditions up to 720p, a poster each:
 * episode-videos.ts), with Catalan subtitles made with them; audio ones their own MP3
 * file of apps/site/public/media/podcasts (3 to 12 minutes, downloadable, in the programme's feed). The first three episodes of Mesura
 * Notícies and Mesura Ràdio are the site's original clips, which e2e tests measure exactly.
 */
import type { AdBreak, Chapter, Episode, Programme } from '../types.js';
import { IMAGE_POOL } from '../image-pool.js';
import { LEGACY_EPISODES } from './legacy-episodes.js';
import { EPISODE_SEGMENT_SECONDS, episodePosterId, episodeSubtitlesPath, episodeVideoLengthSeconds, episodeVideoPath, programmePosterId } from './episode-videos.js';
import { PODCAST_TYPE, podcastFile } from './podcast-files.js';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** A preroll and a skippable midroll half way, on a segment's start. */
function adBreaksFor(lengthSeconds: number): AdBreak[] {
  const half = Math.floor(lengthSeconds / 2 / EPISODE_SEGMENT_SECONDS) * EPISODE_SEGMENT_SECONDS;
  return [
    { offsetSeconds: 0, vast: ['/ads/anunci-1.xml'] },
    { offsetSeconds: half, vast: ['/ads/anunci-3.xml'] },
  ];
}

interface ProgrammeSpec {
  programme: Omit<Programme, 'seasons' | 'image'> & { imageId: string };
  /** For audio, the sound its files are made with (generate-podcasts.sh); for video, the committed clip it is akin to (its media is made at build). */
  asset: string;
  /** Episode titles per season (the season's year comes from its number). */
  seasons: string[][];
  chapters?: string[];
  withAds: boolean;
}

const SPECS: ProgrammeSpec[] = [
  {
    programme: {
      slug: 'mesura-noticies',
      code: 'MESURA-NOTICIES',
      title: 'Mesura Notícies',
      summary: "L'informatiu de Mesura TV: l'actualitat del dia, el temps i els esports.",
      kind: 'video',
      genre: 'Informatius',
      channel: 'mesura-24',
      producer: 'Mesura Informatius',
      imageId: 'img-21',
    },
    asset: 'informatiu',
    seasons: [["Edició del migdia: el Parlament aprova la llei d'habitatge", 'Edició del vespre: la sequera i els embassaments', 'Edició del migdia: els nous trens de Rodalies']],
    chapters: ['Titulars', 'Política', 'El temps'],
    withAds: true,
  },
  {
    programme: {
      slug: 'el-reportatge',
      code: 'EL-REPORTATGE',
      title: 'El Reportatge',
      summary: 'Reportatges de fons sobre el país: territori, societat i memòria.',
      kind: 'video',
      genre: 'Documentals',
      channel: 'mesura-tv',
      producer: 'Mesura Documentals',
      imageId: 'img-17',
    },
    asset: 'reportatge',
    seasons: [
      ['Pobles sense aigua', 'La vida a les masies', 'El port que mai dorm'],
      ['Les noves cuines del Pirineu', 'Aprendre als setanta', 'Les veus de la ràdio', "El tren que torna a l'Alt Pirineu"],
    ],
    chapters: ['Introducció', 'El testimoni', 'Epíleg'],
    withAds: true,
  },
  {
    programme: {
      slug: 'cara-a-cara',
      code: 'CARA-A-CARA',
      title: 'Cara a cara',
      summary: 'Entrevistes llargues amb les persones que expliquen el país.',
      kind: 'video',
      genre: 'Entrevistes',
      channel: 'mesura-tv',
      producer: 'Mesura Informatius',
      imageId: 'img-21',
    },
    asset: 'entrevista',
    seasons: [
      ['La consellera de Territori', 'La rectora de la universitat', 'Un pagès del Segrià'],
      ["L'entrenadora de la selecció", 'Una metgessa de família', 'El director del Liceu'],
    ],
    chapters: ['Presentació', 'Conversa', 'Preguntes ràpides'],
    withAds: false,
  },
  {
    programme: {
      slug: 'zona-esportiva',
      code: 'ZONA-ESPORTIVA',
      title: 'Zona Esportiva',
      summary: "El magazín esportiu: futbol, bàsquet, ciclisme i l'esport femení.",
      kind: 'video',
      genre: 'Esports',
      channel: 'mesura-esports',
      producer: 'Mesura Esports',
      imageId: 'img-06',
    },
    asset: 'informatiu',
    seasons: [['El derbi de la jornada', 'La Volta més dura', 'El bàsquet de Badalona', "L'Eurobasket femení"]],
    chapters: ['Resum', 'Anàlisi', 'Entrevista'],
    withAds: true,
  },
  {
    programme: {
      slug: 'temps-de-terra',
      code: 'TEMPS-DE-TERRA',
      title: 'Temps de terra',
      summary: 'El programa del temps, el clima i el medi natural de Catalunya.',
      kind: 'video',
      genre: 'Divulgació',
      channel: 'mesura-24',
      producer: 'Mesura Informatius',
      imageId: 'img-18',
    },
    asset: 'reportatge',
    seasons: [['Quan plou al Montseny', 'La neu que no arriba', 'Les platges que desapareixen']],
    chapters: ['El temps', 'El reportatge', 'La previsió'],
    withAds: false,
  },
  {
    programme: {
      slug: 'mesura-radio-podcast',
      code: 'MESURA-RADIO',
      title: 'Mesura Ràdio',
      summary: 'La tertúlia del matí de Mesura Ràdio, en pòdcast.',
      kind: 'audio',
      genre: 'Tertúlia',
      channel: 'mesura-radio',
      producer: 'Mesura Ràdio',
      imageId: 'img-22',
    },
    asset: 'tertulia',
    seasons: [['La tertúlia: els pressupostos', 'La tertúlia: la sequera', 'La tertúlia: el tren nocturn']],
    withAds: false,
  },
  {
    programme: {
      slug: 'musica-per-a-tothom',
      code: 'MUSICA-TOTHOM',
      title: 'Música per a tothom',
      summary: 'Cançons, concerts i novetats de la música en català.',
      kind: 'audio',
      genre: 'Música',
      channel: 'mesura-musica',
      producer: 'Mesura Ràdio',
      imageId: 'img-11',
    },
    asset: 'musica',
    seasons: [
      ['Les novetats de la tardor', 'Especial festival de jazz', 'Cançons per a un viatge'],
      ['El pop dels anys noranta', 'Concerts a la fresca'],
    ],
    withAds: false,
  },
  {
    programme: {
      slug: 'la-classica',
      code: 'LA-CLASSICA',
      title: 'La clàssica',
      summary: 'Converses amb intèrprets i compositors de música clàssica.',
      kind: 'audio',
      genre: 'Música clàssica',
      channel: 'mesura-classica',
      producer: 'Mesura Ràdio',
      imageId: 'img-11',
    },
    asset: 'entrevista-radio',
    seasons: [['Pau Casals, cinquanta anys després', "Una nit a l'òpera", 'El piano de Mompou']],
    withAds: false,
  },
];

const SEASON_YEAR_ONE = 2025;
const FIRST_EPISODE_MS = Date.parse('2026-10-05T21:00:00+02:00');
const EPISODE_INTERVAL_MS = 2 * 86_400_000 + 3_600_000;

function chaptersFor(names: readonly string[] | undefined, lengthSeconds: number): Chapter[] {
  if (names === undefined) return [];
  const length = lengthSeconds / names.length;
  return names.map((name, index) => ({ name, startTime: index * length, length }));
}

function imageFor(id: string, alt?: string) {
  return { id, alt: alt ?? IMAGE_POOL.find((image) => image.id === id)?.alt ?? '' };
}

function episodeOf(spec: ProgrammeSpec, season: number, number: number, title: string, order: number, videoOrder: number): Episode {
  const { programme } = spec;
  const published = new Date(FIRST_EPISODE_MS + order * EPISODE_INTERVAL_MS);
  const common = {
    id: `${programme.slug}-t${season}-e${number}`,
    programme: programme.slug,
    season,
    number,
    title,
    summary: `${programme.title}, temporada ${season}, episodi ${number}: ${title}.`,
    publishedAt: published.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    broadcastDate: published.toISOString().slice(0, 10),
    image: imageFor(programme.imageId, `${programme.title}: ${title}`),
    themes: [],
  };
  if (programme.kind === 'audio') {
    const file = podcastFile(common.id);
    return {
      ...common,
      kind: 'audio',
      delivery: 'file',
      src: file.path,
      type: PODCAST_TYPE,
      lengthSeconds: file.lengthSeconds,
      chapters: [],
      adBreaks: [],
      download: { path: file.path, type: PODCAST_TYPE, bytes: file.bytes },
    };
  }
  const lengthSeconds = episodeVideoLengthSeconds(videoOrder);
  return {
    ...common,
    image: { id: episodePosterId(common.id), alt: `${programme.title}: ${title}` },
    kind: 'video',
    delivery: 'hls',
    src: episodeVideoPath(common.id),
    type: HLS_TYPE,
    lengthSeconds,
    chapters: chaptersFor(spec.chapters, lengthSeconds),
    adBreaks: spec.withAds ? adBreaksFor(lengthSeconds) : [],
    subtitles: episodeSubtitlesPath(common.id),
  };
}

/** Programmes with their seasons, and every episode (the original clips first in their programmes). */
export function seedProgrammes(): { programmes: Programme[]; episodes: Episode[] } {
  const episodes: Episode[] = [...LEGACY_EPISODES];
  let order = 0;
  let videoOrder = 0;
  const programmes = SPECS.map((spec) => {
    const legacy = LEGACY_EPISODES.filter((episode) => episode.programme === spec.programme.slug);
    const seasons = spec.seasons.map((titles, index) => {
      const number = index + 1;
      const made = titles.map((title, i) => episodeOf(spec, number, i + 1, title, order++, spec.programme.kind === 'video' ? videoOrder++ : 0));
      episodes.push(...made);
      const previous = number === 1 ? legacy.map((episode) => episode.id) : [];
      return { number, title: `Temporada ${number}`, year: SEASON_YEAR_ONE + index, episodes: [...previous, ...made.map((episode) => episode.id)] };
    });
    const { imageId, ...programme } = spec.programme;
    // A video programme's poster is a frame of its episodes' picture; an audio one keeps its drawing.
    const image = programme.kind === 'video' ? { id: programmePosterId(programme.slug), alt: programme.title } : imageFor(imageId);
    return { ...programme, image, seasons };
  });
  return { programmes, episodes };
}
