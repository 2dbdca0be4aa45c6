/**
 * Where the metadata lives: users, sessions, API tokens, activities, site content, the
 * participation features' answers (polls, newsletter) and the site's visitor accounts, which need
 * transactions rather than an analytics engine. With MESURA_METADATA, in that PostgreSQL
 * database, shared by every server of a cluster (store/postgres/); without it, embedded beside
 * the events as before (the DuckDB file's account and activity tables, content.duckdb,
 * engagement.duckdb, visitors.duckdb), even when the events go elsewhere, so that one process
 * needs nothing more.
 */
import type { ContentSet } from '@mesura/content';
import type { FastifyBaseLogger } from 'fastify';
import { loadContentStore } from './duckdb/duckdb-content.js';
import { memoryBudget, type MemoryBudget } from '../memory-budget.js';
import { openEngagementStore } from './duckdb/duckdb-engagement.js';
import { openVisitorStore } from './duckdb/duckdb-visitors.js';
import type { EngagementStore } from './engagement-store.js';
import type { VisitorStore } from './visitor-store.js';
import type { GoalStore } from './goal-store.js';
import { openGoalStore } from './duckdb/duckdb-goals.js';
import type { FunnelStore } from './funnel-store.js';
import { openFunnelStore } from './duckdb/duckdb-funnels.js';
import type { SegmentStore } from './segment-store.js';
import { openSegmentStore } from './duckdb/duckdb-segments.js';
import type { MailNoticeStore } from './mail-notice-store.js';
import { openMailNoticeStore } from './duckdb/duckdb-mail-notices.js';
import type { AnnotationStore } from './annotation-store.js';
import { openAnnotationStore } from './duckdb/duckdb-annotations.js';
import type { DashboardStore } from './dashboard-store.js';
import { openDashboardStore } from './duckdb/duckdb-dashboards.js';
import type { OpenDatabase } from './duckdb/duckdb-copy.js';
import type { AccountStore } from './account-store.js';
import type { ActivityStore } from './decision-store.js';
import { afterOpen, openOnce } from './open-once.js';
import type { PostgresUrl } from './postgres/postgres-url.js';

export interface MetadataStore {
  accounts: AccountStore;
  activities: ActivityStore;
  /** The site's content, seeded on a first start. */
  loadContent(): Promise<ContentSet>;
  /** Poll answers and newsletter sign-ups; the caller closes it. */
  openEngagement(): Promise<EngagementStore>;
  /** The site's visitor accounts, sessions and lists; the caller closes it. */
  openVisitors(): Promise<VisitorStore>;
  /** The site goals' definitions (goal-store.ts); the caller closes it. */
  openGoals(): Promise<GoalStore>;
  /** The funnels' definitions (funnel-store.ts); the caller closes it. */
  openFunnels(): Promise<FunnelStore>;
  /** The segments (segment-store.ts); the caller closes it. */
  openSegments(): Promise<SegmentStore>;
  /** The mailed reports' subscriptions, alert rules and fired alerts (mail-notice-store.ts); the caller closes it. */
  openMailNotices(): Promise<MailNoticeStore>;
  /** The chart notes (annotation-store.ts); the caller closes it. */
  openAnnotations(): Promise<AnnotationStore>;
  /** The dashboards (dashboard-store.ts); the caller closes it. */
  openDashboards(): Promise<DashboardStore>;
  /** True when other servers write to the same store: the activity catalog then polls it. */
  shared: boolean;
  /** The embedded metadata databases opened so far (backups copy them through these); none on PostgreSQL. */
  openDatabases(): readonly OpenDatabase[];
  /** True while a process that started without reaching its PostgreSQL (`whileUnreachable: 'wait'`) has not reached it yet. */
  isWaiting(): boolean;
  close(): Promise<void>;
}

export interface MetadataSettings {
  /** MESURA_METADATA, checked (config.ts). */
  metadata: PostgresUrl | undefined;
  dataDir: string;
  /** MESURA_MEMORY_MIB's shares: the embedded files' DuckDB memory limits. Default memoryBudget()'s. */
  memory?: MemoryBudget;
}

/** The embedded store's own metadata parts, used when MESURA_METADATA is unset. */
export interface EmbeddedMetadata extends ActivityStore {
  readonly accounts: AccountStore;
}

export interface OpenMetadataOptions {
  /**
   * What a start does when PostgreSQL cannot be reached (no connection in time): `fail` (the
   * default), or `wait`, for a collector: it starts without the activities (delivery answers no
   * offer), and its catalog loads them once PostgreSQL answers (decide/activity-catalog.ts). A
   * failure that waiting would not mend (a wrong password: postgres-pool.ts metadataFailurePasses)
   * fails the start either way.
   */
  whileUnreachable?: 'fail' | 'wait';
}

export async function openMetadataStore(settings: MetadataSettings, embedded: EmbeddedMetadata, log: FastifyBaseLogger, options: OpenMetadataOptions = {}): Promise<MetadataStore> {
  if (settings.metadata === undefined) {
    const opened: OpenDatabase[] = [];
    const { sideStoreMiB } = settings.memory ?? memoryBudget();
    const track = <T extends OpenDatabase>(database: T): T => (opened.push(database), database);
    return {
      accounts: embedded.accounts,
      activities: embedded,
      loadContent: () => loadContentStore(settings.dataDir, undefined, sideStoreMiB),
      openEngagement: async () => track(await openEngagementStore(settings.dataDir, sideStoreMiB)),
      openVisitors: async () => track(await openVisitorStore(settings.dataDir, sideStoreMiB)),
      openGoals: async () => track(await openGoalStore(settings.dataDir, sideStoreMiB)),
      openFunnels: async () => track(await openFunnelStore(settings.dataDir, sideStoreMiB)),
      openSegments: async () => track(await openSegmentStore(settings.dataDir, sideStoreMiB)),
      openMailNotices: async () => track(await openMailNoticeStore(settings.dataDir, sideStoreMiB)),
      openAnnotations: async () => track(await openAnnotationStore(settings.dataDir, sideStoreMiB)),
      openDashboards: async () => track(await openDashboardStore(settings.dataDir, sideStoreMiB)),
      openDatabases: () => opened,
      shared: false,
      isWaiting: () => false,
      close: async () => undefined,
    };
  }
  // Loaded only here: an embedded deployment never loads the PostgreSQL client.
  const { openPostgresMetadata } = await import('./postgres/postgres-metadata.js');
  const { MetadataConnectError } = await import('./postgres/postgres-pool.js');
  const url = settings.metadata;
  const metadata = openOnce(async () => {
    const opened = await openPostgresMetadata(url, { onIdleError: (error) => log.warn(`metadata database ${url.display}: ${error.message}`) });
    const steps = opened.migrated.map((step) => `${step.version} ${step.name}`).join(', ');
    log.info(`metadata in PostgreSQL ${url.display}${steps === '' ? '' : `; schema steps applied: ${steps}`}`);
    return opened;
  });
  try {
    await metadata.ready();
  } catch (error) {
    if (options.whileUnreachable !== 'wait' || !(error instanceof MetadataConnectError) || !error.transient) throw error;
    log.warn(`${error.message}; collecting without activities until it answers`);
  }
  return {
    accounts: afterOpen(async () => (await metadata.ready()).accounts),
    activities: afterOpen(async () => (await metadata.ready()).activities),
    loadContent: async () => (await metadata.ready()).loadContent(),
    openEngagement: async () => (await metadata.ready()).engagement,
    openVisitors: async () => (await metadata.ready()).visitors,
    openGoals: async () => (await metadata.ready()).goals,
    openFunnels: async () => (await metadata.ready()).funnels,
    openSegments: async () => (await metadata.ready()).segments,
    openMailNotices: async () => (await metadata.ready()).mailNotices,
    openAnnotations: async () => (await metadata.ready()).annotations,
    openDashboards: async () => (await metadata.ready()).dashboards,
    openDatabases: () => [],
    shared: true,
    isWaiting: () => !metadata.isOpen,
    close: () => metadata.close((opened) => opened.close()),
  };
}
