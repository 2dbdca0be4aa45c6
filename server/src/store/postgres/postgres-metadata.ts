/**
 * The scaled-out deployment's metadata (MESURA_METADATA): accounts, activities, site content, the
 * participation features' answers and the site's visitor accounts in one PostgreSQL database, its
 * schema brought up to date at open (metadata-migrations.ts).
 */
import type { ContentSet } from '@mesura/content';
import type { EngagementStore } from '../engagement-store.js';
import type { VisitorStore } from '../visitor-store.js';
import type { AccountStore } from '../account-store.js';
import type { ActivityStore } from '../decision-store.js';
import { migrateMetadata, type Migration } from './metadata-migrations.js';
import { PostgresAccountStore } from './postgres-accounts.js';
import { PostgresActivityStore } from './postgres-activities.js';
import { postgresEngagementStore } from './postgres-engagement.js';
import { postgresGoalStore } from './postgres-goals.js';
import type { GoalStore } from '../goal-store.js';
import { postgresFunnelStore } from './postgres-funnels.js';
import { postgresSegmentStore } from './postgres-segments.js';
import type { SegmentStore } from '../segment-store.js';
import type { MailNoticeStore } from '../mail-notice-store.js';
import { postgresMailNoticeStore } from './postgres-mail-notices.js';
import { postgresAnnotationStore } from './postgres-annotations.js';
import type { AnnotationStore } from '../annotation-store.js';
import { postgresDashboardStore } from './postgres-dashboards.js';
import type { DashboardStore } from '../dashboard-store.js';
import type { FunnelStore } from '../funnel-store.js';
import { loadPostgresContent } from './postgres-content.js';
import { openMetadataPool, type MetadataPoolOptions } from './postgres-pool.js';
import { postgresVisitorStore } from './postgres-visitors.js';
import type { PostgresUrl } from './postgres-url.js';

export interface PostgresMetadata {
  accounts: AccountStore;
  activities: ActivityStore;
  /** Seeds the content on the database's first start, then reads it whole. */
  loadContent(seed?: () => ContentSet): Promise<ContentSet>;
  /** Poll answers and newsletter sign-ups. */
  engagement: EngagementStore;
  /** The site's visitor accounts, their sessions and lists. */
  visitors: VisitorStore;
  /** The site goals' definitions and their history. */
  goals: GoalStore;
  /** The funnels' definitions and their history. */
  funnels: FunnelStore;
  /** The segments and their history. */
  segments: SegmentStore;
  /** The mailed reports' subscriptions, alert rules and fired alerts. */
  mailNotices: MailNoticeStore;
  /** The chart notes and their changes. */
  annotations: AnnotationStore;
  /** The dashboards and their changes. */
  dashboards: DashboardStore;
  /** The migrations this open applied (none once the schema is current), for the start-up log. */
  migrated: readonly Migration[];
  close(): Promise<void>;
}

export async function openPostgresMetadata(url: PostgresUrl, options: MetadataPoolOptions): Promise<PostgresMetadata> {
  const pool = await openMetadataPool(url, options);
  try {
    const migrated = await migrateMetadata(pool);
    return {
      accounts: new PostgresAccountStore(pool),
      activities: new PostgresActivityStore(pool),
      loadContent: (seed) => loadPostgresContent(pool, seed),
      engagement: postgresEngagementStore(pool),
      visitors: postgresVisitorStore(pool),
      goals: await postgresGoalStore(pool),
      funnels: await postgresFunnelStore(pool),
      segments: await postgresSegmentStore(pool),
      mailNotices: await postgresMailNoticeStore(pool),
      annotations: await postgresAnnotationStore(pool),
      dashboards: await postgresDashboardStore(pool),
      migrated,
      close: () => pool.close(),
    };
  } catch (error) {
    await pool.close();
    throw error;
  }
}
