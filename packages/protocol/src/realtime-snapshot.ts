/**
 * The data of one `snapshot` event of `GET /api/reports/realtime/stream`, shared by the server that
 * measures it (server/src/reports/realtime-snapshot.ts) and the console that draws it
 * (apps/console/src/areas/temps-real/, which checks it as it reads it from the wire).
 */

export interface RealtimeMinute {
  /** The minute's start, ISO 8601 UTC. */
  start: string;
  /** Null when the minute counts fewer than `minCohort` visitors. */
  pageViews: number | null;
}

export interface RealtimePage {
  url: string;
  /** Null for a page without a title (none, or the data layer's default). */
  title: string | null;
  pageViews: number;
  visitors: number;
}

export interface RealtimeLiveSource {
  slug: string;
  /** The channel's or station's name in the content catalogue. */
  name: string;
  /** Sessions watching or listening now; null when fewer than `minCohort` visitors. */
  viewers: number | null;
}

export interface RealtimeSnapshot {
  /** When it was measured, ISO 8601 UTC. */
  at: string;
  minCohort: number;
  /** The last minutes, oldest first; the last one is the current, partial minute. */
  minutes: RealtimeMinute[];
  /** The pages most viewed over the last `minutes` minutes, most viewed first. */
  activePages: {
    minutes: number;
    pages: RealtimePage[];
    /** The site's page views and visitors over those minutes in all; null when the visitors are fewer than `minCohort`. */
    total: { pageViews: number; visitors: number } | null;
    /**
     * The pages viewed by fewer than `minCohort` visitors each, added up (`pages` of them), when
     * their visitors together reach the cohort; absent otherwise.
     */
    others?: { pages: number; pageViews: number; visitors: number };
  };
  /** Sessions with a heartbeat in the last `seconds` seconds. */
  live: { seconds: number; channels: RealtimeLiveSource[]; stations: RealtimeLiveSource[] };
}
