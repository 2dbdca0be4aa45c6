/**
 * Vídeo i àudio: media sessions' plays, time played, completion, ads, chapters and quality of
 * experience, per day (a series: every day a row, a day without plays shows zeroes) and ranked by
 * content, programme, season and channel. Sessions are derived from the heartbeats
 * (store/media-sessions-sql.ts); a session counts on the day it started.
 */
import { MEDIA_IDLE_TIMEOUT_MS, type ReportMetric, type ReportRow } from '@mesura/protocol';
import { filterSql } from '../store/queries/filter-sql.js';
import { broadcastLabel } from './media-broadcast-label.js';
import { channelName, guideChannels, programmeName } from './media-channel-names.js';
import { numberOf, type SqlValue } from '../store/analytics-reader.js';
import { pagedRankingPeriod, seriesPeriod } from './media-measured-rows.js';
import type { MediaGrouping, MediaRankingGrouping, MediaRankingOrder } from '../store/queries/media-grouping.js';
import { MEDIA_FILTER_COLUMNS, mediaSessionFiguresQuery } from '../store/queries/media-session-figures.js';
import { mediaSessionRankingQuery, mediaSessionUnionVisitorsQuery } from '../store/queries/media-session-ranking.js';
import { measureFoldedPeriods } from './hidden-rows.js';
import { drillConditions, drillParams } from '../store/queries/media-drill.js';
import { buildAnswer, measurePeriods, type MeasuredPeriod } from './report-answer-builder.js';
import type { ReportDefinition } from './report-definition.js';
import type { MediaSessionCounterColumn } from '../store/media-session-counters.js';
import { dayLabel, daysOf } from './time-steps.js';

const PLAY_METRICS: ReportMetric[] = [
  { key: 'plays', label: 'Reproduccions', format: 'count' },
  { key: 'seconds_played', label: 'Temps reproduït', format: 'seconds' },
  { key: 'seconds_per_play', label: 'Temps mitjà per reproducció', format: 'seconds' },
  { key: 'completion_rate', label: 'Percentatge de compleció', format: 'percent' },
  // Unfiltered, from the media cells' sketches (store/duckdb/media-cells.ts): exact below 256 visitors.
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
];

/** Each session counter's name in the console (store/media-session-counters.ts); where it shows is the metric lists'. */
const COUNTER_LABELS: Readonly<Record<MediaSessionCounterColumn, string>> = {
  ad_breaks: 'Pauses publicitàries',
  ads_started: 'Anuncis iniciats',
  ads_completed: 'Anuncis complets',
  chapters_started: 'Capítols iniciats',
  chapters_completed: 'Capítols complets',
  dropped_frames: 'Fotogrames perduts',
};

const counter = (column: MediaSessionCounterColumn): ReportMetric => ({ key: column, label: COUNTER_LABELS[column], format: 'count' });

const AD_METRICS: ReportMetric[] = [
  counter('ad_breaks'),
  counter('ads_started'),
  counter('ads_completed'),
  { key: 'ad_completion_rate', label: "Percentatge d'anuncis complets", format: 'percent' },
  { key: 'ad_seconds', label: "Temps d'anuncis", format: 'seconds' },
  counter('chapters_started'),
  counter('chapters_completed'),
];

// A quality figure first: the chart shows the first metric, and a quality chart of play counts
// would say nothing of quality. The ranking is still ordered by plays (FAMILIES' `order`).
const QUALITY_METRICS: ReportMetric[] = [
  { key: 'rebuffer_ratio', label: 'Temps en càrrega', format: 'percent' },
  { key: 'startup_time_ms', label: "Temps mitjà d'inici", format: 'milliseconds' },
  { key: 'plays', label: 'Reproduccions', format: 'count' },
  { key: 'exits_before_start', label: "Sortides abans de l'inici", format: 'count' },
  { key: 'start_failures', label: "Errors d'inici", format: 'count' },
  { key: 'bitrate', label: 'Taxa de bits mitjana', format: 'bitrate' },
  counter('dropped_frames'),
];

const NOTE =
  "Una reproducció és una sessió que ha començat el contingut; compta el dia que va començar. El temps en càrrega és el de després d'haver començat, fora de les pauses publicitàries. Els filtres que s'hi apliquen són programa, canal i dispositiu.";

const GROUPING_LABEL: Record<MediaGrouping, string> = {
  day: 'Dia',
  content: 'Contingut',
  programme: 'Programa',
  season: 'Temporada',
  channel: 'Canal',
};

interface MediaReportOptions {
  /** The family's id: a row's drill-down opens the same family's next grouping. */
  family: string;
  title: string;
  grouping: MediaGrouping;
  metrics: ReportMetric[];
  /** The count a ranking puts most of first. */
  order: MediaRankingOrder;
}

function mediaSessionReport({ family, title, grouping, metrics, order }: MediaReportOptions): ReportDefinition {
  const series = grouping === 'day';
  const definition: ReportDefinition = {
    report: `media/${family}-by-${grouping}`,
    area: 'media',
    title,
    ...(drillParams(grouping) && { params: drillParams(grouping) }),
    run: async (request, context) => {
      const stacked = filterSql(request.filters, MEDIA_FILTER_COLUMNS, request.segment !== undefined);
      const drill = drillConditions(grouping, request.params);
      const filters = { ...stacked, sql: stacked.sql + drill.sql };
      const values = { ...stacked.values, ...drill.values, idle_before_ms: Date.now() - MEDIA_IDLE_TIMEOUT_MS, suite: request.reportSuite };
      const measure = async (range: { from: string; to: string }, keys?: readonly string[]): Promise<MeasuredPeriod> => {
        const bound = { ...values, from: range.from, to: range.to };
        if (grouping === 'day') {
          const rows = await context.reader.read(mediaSessionFiguresQuery(grouping, filters.sql), bound);
          return seriesPeriod(
            rows,
            daysOf(range).map((day) => ({ key: day, label: dayLabel(day) })),
            metrics,
          );
        }
        const query = mediaSessionRankingQuery(grouping, order, filters.sql, keys !== undefined);
        const page: Record<string, SqlValue> = keys === undefined ? { limit: request.limit, offset: request.offset } : { limit: keys.length, offset: 0, keys: JSON.stringify(keys) };
        const rows = await context.reader.read(query, { ...bound, ...page });
        return drilled(family, grouping, told(pagedRankingPeriod(rows, metrics, (key, row) => labelOf(grouping, key, row.label))));
      };
      // A ranking's hidden rows add up into one row of others (hidden-rows.ts); a series shows every day.
      const together = async (range: { from: string; to: string }, keys: readonly string[]) => {
        const rows = await context.reader.read(mediaSessionUnionVisitorsQuery(grouping as MediaRankingGrouping, filters.sql), {
          ...values,
          from: range.from,
          to: range.to,
          keys: JSON.stringify(keys),
        });
        return numberOf(rows[0]?.visitors) ?? 0;
      };
      const { current, previous, folded } = series
        ? { ...(await measurePeriods(request, 'position', measure)), folded: 0 }
        : await measureFoldedPeriods(request, metrics, context.minCohort, measure, together);
      return buildAnswer(
        definition,
        request,
        {
          dimension: { key: grouping, label: GROUPING_LABEL[grouping] },
          metrics,
          chart: series ? 'line' : 'bar',
          align: series ? 'position' : 'key',
          note: NOTE,
          ignoredFilters: filters.ignored,
          ignoredSegment: filters.ignoredSegment,
          folded,
        },
        current,
        previous,
        context.minCohort,
      );
    },
  };
  return definition;
}

/**
 * What a row opens: a programme its seasons, a season its episodes (the same family's figures), a
 * live channel its viewers minute by minute on the range's last day.
 */
function drilled(family: string, grouping: MediaRankingGrouping, period: MeasuredPeriod): MeasuredPeriod {
  const drillOf = (key: string): ReportRow['drill'] => {
    if (grouping === 'programme') return { report: `media/${family}-by-season`, params: { programme: key } };
    if (grouping === 'season') {
      const slash = key.lastIndexOf('/');
      return { report: `media/${family}-by-content`, params: { programme: key.slice(0, slash), season: key.slice(slash + 1) } };
    }
    if (grouping === 'channel' && guideChannels().includes(key)) return { report: 'media/live-viewers-per-minute', params: { channel: key } };
    return undefined;
  };
  const rows = period.rows.map((row) => {
    const drill = drillOf(row.key);
    return drill ? { ...row, drill } : row;
  });
  return { ...period, rows };
}

/**
 * Rows a person can tell apart: the episodes of a daily programme share one title, so a title
 * shown on more than one row of the page is followed by each row's own key (the content id).
 */
function told(period: MeasuredPeriod): MeasuredPeriod {
  const seen = new Map<string, number>();
  for (const row of period.rows) seen.set(row.label, (seen.get(row.label) ?? 0) + 1);
  const rows = period.rows.map((row) => ((seen.get(row.label) ?? 0) > 1 && row.label !== row.key ? { ...row, label: `${row.label} (${row.key})` } : row));
  return { ...period, rows };
}

/** A row's name: a title, a live broadcast's title and time, a channel's or programme's name (the key stays the code). */
function labelOf(grouping: MediaGrouping, key: string, label: unknown): string {
  const title = typeof label === 'string' ? label : '';
  if (grouping === 'content') return broadcastLabel(key, title) ?? (title !== '' ? title : key);
  if (grouping === 'channel') return key === '' ? 'A la carta (sense canal)' : channelName(key);
  if (grouping === 'season') {
    const slash = key.lastIndexOf('/');
    const code = key.slice(0, slash);
    const programme = code === '' ? 'Sense programa' : programmeName(code);
    const season = key.slice(slash + 1);
    return season === '' ? `${programme}, sense temporada` : `${programme}, temporada ${season}`;
  }
  return key === '' ? 'Sense programa' : programmeName(key);
}

/** What each family of reports measures, and its ids and titles (`media/{id}-by-{grouping}`, "{title} per {grouping}"). */
const FAMILIES = [
  { id: 'plays', title: 'Reproduccions', metrics: PLAY_METRICS, order: 'plays' },
  { id: 'ads', title: 'Anuncis i capítols', metrics: AD_METRICS, order: 'ad_breaks' },
  { id: 'quality', title: "Qualitat de l'experiència", metrics: QUALITY_METRICS, order: 'plays' },
] as const;

const GROUPINGS: readonly { grouping: MediaGrouping; title: string }[] = [
  { grouping: 'day', title: 'dia' },
  { grouping: 'content', title: 'contingut' },
  { grouping: 'programme', title: 'programa' },
  { grouping: 'season', title: 'temporada' },
  { grouping: 'channel', title: 'canal' },
];

export const MEDIA_SESSION_REPORTS: ReportDefinition[] = FAMILIES.flatMap((family) =>
  GROUPINGS.map(({ grouping, title }) => mediaSessionReport({ family: family.id, title: `${family.title} per ${title}`, grouping, metrics: family.metrics, order: family.order })),
);
