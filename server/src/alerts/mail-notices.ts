/**
 * Mailed reports and alerts, put together where the console is served: their store, their routes,
 * and one periodic job that mails the subscriptions whose period closed and checks the alert rules
 * every MAIL_NOTICES_RUN_INTERVAL_MS. The job's timers are injected so that tests fire them.
 */
import type { FastifyInstance } from 'fastify';
import { alertChecker } from './alert-check.js';
import { alertRoutes } from './alert-routes.js';
import type { Mailer } from '../mail/mailer.js';
import { startPeriodicJob, type JobTimers, type PeriodicJob } from '../periodic-job.js';
import { REPORT_CATALOGUE } from '../reports/report-catalogue.js';
import type { ReportContext } from '../reports/report-definition.js';
import type { SegmentSources } from '../reports/report-segment.js';
import type { AccountStore } from '../store/account-store.js';
import type { DashboardStore } from '../store/dashboard-store.js';
import { mailedDashboardSource } from '../dashboards/dashboard-address.js';
import type { MetadataStore } from '../store/metadata-store.js';
import { mailDueSubscriptions } from '../subscriptions/subscription-mailing.js';
import { subscriptionRoutes } from '../subscriptions/subscription-routes.js';

/** How often the schedule looks for closed periods and hours: a few minutes late at most. */
export const MAIL_NOTICES_RUN_INTERVAL_MS = 5 * 60_000;

export interface MailNoticeDeps {
  metadata: MetadataStore;
  accounts: Pick<AccountStore, 'userByEmail'>;
  mailer: Mailer;
  context: ReportContext;
  reportSuite: string;
  segments: SegmentSources;
  /** The dashboards a subscription may name instead of a report. */
  dashboards: DashboardStore;
  catchUp: () => Promise<void>;
  /** The server's public origin for the console's links (MESURA_PUBLIC_URL, else http://localhost:PORT). */
  consoleOrigin: string;
  now: () => number;
  timers?: JobTimers;
}

export async function registerMailNotices(app: FastifyInstance, deps: MailNoticeDeps): Promise<PeriodicJob<void>> {
  const store = await deps.metadata.openMailNotices();
  const { context, now, mailer, accounts, consoleOrigin } = deps;
  const mailing = {
    subscriptions: store.subscriptions,
    accounts,
    mailer,
    summary: { context, reportSuite: deps.reportSuite, segments: deps.segments, catchUp: deps.catchUp },
    catalogue: REPORT_CATALOGUE,
    dashboards: mailedDashboardSource(deps.dashboards),
    consoleOrigin,
    timeZone: context.timeZone,
    now,
    log: app.log,
  };
  await app.register(subscriptionRoutes, { ...mailing, segmentStore: deps.segments.segments });
  await app.register(alertRoutes, { store, now });
  const checkAlerts = alertChecker({
    store,
    reader: context.reader,
    accounts,
    mailer,
    reportSuite: deps.reportSuite,
    timeZone: context.timeZone,
    consoleOrigin,
    catchUp: deps.catchUp,
    now,
    log: app.log,
  });
  const job = startPeriodicJob(
    async () => {
      try {
        await mailDueSubscriptions(mailing);
        await checkAlerts();
      } catch (error) {
        app.log.warn(`mailed reports and alerts: ${(error as Error).message}`);
      }
    },
    MAIL_NOTICES_RUN_INTERVAL_MS,
    deps.timers,
  );
  app.addHook('onClose', async () => {
    await job.stop();
    await store.close();
  });
  return job;
}
