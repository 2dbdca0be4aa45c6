/** Everything the content store is seeded with on first start: deterministic, so tests can name it. */
import type { Article, Author, Channel, Episode, Programme, Section, Station, Theme } from '../types.js';
import { seedArticles } from './articles.js';
import { CHANNELS, STATIONS } from './channels.js';
import { seedProgrammes } from './programmes.js';
import { AUTHORS, SECTIONS, THEMES } from './taxonomy.js';

export interface ContentSet {
  sections: Section[];
  authors: Author[];
  themes: Theme[];
  articles: Article[];
  programmes: Programme[];
  episodes: Episode[];
  channels: Channel[];
  stations: Station[];
}

/** The episode an article of a section links to among its related items. */
const SECTION_EPISODES: Record<string, string> = {
  politica: 'mesura-noticies-t1-e1',
  societat: 'temps-de-terra-t1-e1',
  economia: 'mesura-radio-podcast-t1-e1',
  internacional: 'el-reportatge-t1-e3',
  cultura: 'la-classica-t1-e1',
  esports: 'zona-esportiva-t1-e1',
};

export function createSeedContent(): ContentSet {
  const { programmes, episodes } = seedProgrammes();
  return {
    sections: SECTIONS,
    authors: AUTHORS,
    themes: THEMES,
    articles: seedArticles((section) => SECTION_EPISODES[section]),
    programmes,
    episodes,
    channels: CHANNELS,
    stations: STATIONS,
  };
}

export { slugify } from './articles.js';
export { PODCAST_FILES, PODCAST_TYPE, type PodcastFile } from './podcast-files.js';
export { EPISODE_SEGMENT_SECONDS, episodePosterId, episodeSubtitlesPath, episodeVideoPath, isGeneratedPosterId, programmePosterId, stationPosterId } from './episode-videos.js';
export { LIVE_DVR_WINDOW_S } from './channels.js';
