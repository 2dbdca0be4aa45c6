/** How the media session reports group their sessions (media-session-figures.ts, media-session-ranking.ts). */

export type MediaGrouping = 'day' | 'content' | 'programme' | 'season' | 'channel';

/** A ranking's groups: every grouping but the day. */
export type MediaRankingGrouping = Exclude<MediaGrouping, 'day'>;

/** The figures a ranking may be ordered by: counts summed per group, never null. */
export type MediaRankingOrder = 'plays' | 'ad_breaks';
