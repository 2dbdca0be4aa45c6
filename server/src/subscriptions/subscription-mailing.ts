/**
 * Mails the subscriptions whose period has closed (mail-periods.ts): each once per period, to its
 * owner's account address only, as the owner may read it now (a deleted user's subscriptions mail
 * nothing; a report their role no longer opens neither, nor a dashboard they no longer see). The period is recorded before the mail
 * is handed to the mailer, so that a run that fails half-way never mails a period twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.js';
import type { ReportDefinition } from '../reports/report-definition.js';
import { roleAllows, type Role } from '../shared/roles.js';
import type { AccountStore } from '../store/account-store.js';
import type { MailNoticeRows } from '../store/mail-notice-store.js';
import { parseReportView, reportViewLink } from './console-report-view.js';
import { dashboardMail } from './dashboard-mail.js';
import { dashboardFigures, type MailedDashboardSource } from './mailed-dashboard.js';
import { allSubscriptions, storedSubscriptionOf, type MailSubscription } from './mail-subscription.js';
import { lastFullPeriod, type MailPeriod } from './mail-periods.js';
import { reportSummary, type SummaryDeps } from './report-summary.js';
import { summaryMail } from './summary-mail.js';

export interface SubscriptionMailingDeps {
  subscriptions: MailNoticeRows;
  accounts: Pick<AccountStore, 'userByEmail'>;
  mailer: Mailer;
  summary: SummaryDeps;
  catalogue: readonly ReportDefinition[];
  /** The dashboards a subscription may name. */
  dashboards: MailedDashboardSource;
  /** The server's public origin (MESURA_PUBLIC_URL) for the console's links. */
  consoleOrigin: string;
  timeZone: string;
  now: () => number;
  log: FastifyBaseLogger;
}

/** Builds and posts one subscription's mail for `period`; false when its owner may no longer read it. */
export async function mailSubscription(deps: SubscriptionMailingDeps, subscription: MailSubscription, period: MailPeriod): Promise<boolean> {
  const user = await deps.accounts.userByEmail(subscription.owner);
  if (user === undefined) return false;
  if (deps.dashboards.isAddress(subscription.view)) return mailDashboard(deps, subscription.view, period, user);
  const parsed = parseReportView(subscription.view, deps.catalogue);
  if (!parsed.ok || !roleAllows(user.role, parsed.value.definition.access ?? 'analyst')) return false;
  const { definition, view } = parsed.value;
  const answer = await reportSummary(deps.summary, definition, view, period, user.email);
  deps.mailer.post(summaryMail(user.email, answer, period, reportViewLink(deps.consoleOrigin, view, period)));
  return true;
}

/** A dashboard's mail: nothing when the owner no longer sees it, or may read none of its tiles. */
async function mailDashboard(deps: SubscriptionMailingDeps, address: string, period: MailPeriod, user: { email: string; role: Role }): Promise<boolean> {
  const id = deps.dashboards.parse(address);
  const dashboard = id.ok ? await deps.dashboards.visible(id.value, user.email) : undefined;
  if (!id.ok || dashboard === undefined) return false;
  const figures = await dashboardFigures(deps, dashboard.tileViews, period, user);
  if (figures.answers.length === 0) return false;
  deps.mailer.post(dashboardMail(user.email, dashboard.name, figures, period, deps.dashboards.address(id.value, deps.consoleOrigin)));
  return true;
}

/** One run of the schedule: the number of mails posted. */
export async function mailDueSubscriptions(deps: SubscriptionMailingDeps): Promise<number> {
  let posted = 0;
  for (const subscription of await allSubscriptions(deps.subscriptions)) {
    const period = lastFullPeriod(subscription.frequency, deps.now(), deps.timeZone);
    if (subscription.lastSentFrom === period.from) continue;
    const sent: MailSubscription = { ...subscription, lastSentFrom: period.from };
    // The save answers what it replaced, under the store's lock: a claim that no other server of a
    // cluster made first (else it mailed this period), of a subscription nobody deleted meanwhile.
    const before = storedSubscriptionOf(await deps.subscriptions.save(sent, { atMs: deps.now(), by: 'mesura' }));
    if (before === undefined) await deps.subscriptions.remove(sent.id, { atMs: deps.now(), by: 'mesura' });
    if (before === undefined || before.lastSentFrom === period.from) continue;
    try {
      if (await mailSubscription(deps, subscription, period)) posted += 1;
    } catch (error) {
      deps.log.warn(`mailed report ${subscription.id} not sent: ${(error as Error).message}`);
    }
  }
  return posted;
}
