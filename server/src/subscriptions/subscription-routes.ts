/**
 * The mailed reports' API (docs/mailed-reports-and-alerts.md): any analyst lists, makes and
 * deletes their own subscriptions (another's do not exist for them: 404), and may have one mailed
 * now to see it. A subscription names a report view or a dashboard they see (dashboard-address.ts). Mails go to the caller's account address only: no route takes a recipient.
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { TokenBuckets } from '../http/token-buckets.js';
import { roleAllows, type Role } from '../shared/roles.js';
import { visibleSegment } from '../reports/report-segment.js';
import { parseReportView, reportViewPath } from './console-report-view.js';
import { allSubscriptions, NOTICE_ID, newNoticeId, parseFrequency, storedSubscriptionOf, type MailSubscription } from './mail-subscription.js';
import { frequencyLabel, lastFullPeriod } from './mail-periods.js';
import { mailSubscription, type SubscriptionMailingDeps } from './subscription-mailing.js';
import { SUBSCRIPTIONS_PER_USER_MAX, TEST_MAILS_PER_USER_PER_HOUR, TEST_MAIL_USERS_TRACKED_MAX } from './subscription-limits.js';

const SECONDS_PER_HOUR = 3600;
/** How the console lists a subscription whose dashboard was deleted (it mails nothing now). */
const DELETED_DASHBOARD_TITLE = 'Tauler esborrat';

/** A subscription as listed: a report's title, filters and segment, or a dashboard's name (while its owner sees it). */
async function subscriptionView(subscription: MailSubscription, deps: SubscriptionMailingDeps) {
  const common = {
    id: subscription.id,
    view: subscription.view,
    frequency: subscription.frequency,
    frequencyLabel: frequencyLabel(subscription.frequency),
    createdAt: subscription.createdAt,
    ...(subscription.lastSentFrom !== undefined && { lastSentFrom: subscription.lastSentFrom }),
  };
  if (deps.dashboards.isAddress(subscription.view)) {
    const id = deps.dashboards.parse(subscription.view);
    const found = id.ok ? await deps.dashboards.visible(id.value, subscription.owner) : undefined;
    return { ...common, dashboard: id.ok ? id.value : '', title: found?.name ?? DELETED_DASHBOARD_TITLE };
  }
  const parsed = parseReportView(subscription.view, deps.catalogue);
  return {
    ...common,
    ...(parsed.ok && { report: parsed.value.definition.report, title: parsed.value.definition.title, filters: parsed.value.view.filters }),
    ...(parsed.ok && parsed.value.view.segmentId !== undefined && { segment: parsed.value.view.segmentId }),
  };
}

const badSubscription = (reason: string) => new HttpError(ERRORS.badQuery, reason);

async function ownSubscription(deps: SubscriptionMailingDeps, id: string, email: string | undefined): Promise<MailSubscription> {
  const found = NOTICE_ID.test(id) ? storedSubscriptionOf(await deps.subscriptions.definition(id)) : undefined;
  if (found === undefined || found.owner !== email) throw new HttpError(ERRORS.notFound, `no mailed report ${id} of yours`);
  return found;
}

type RouteDeps = SubscriptionMailingDeps & { segmentStore: Parameters<typeof visibleSegment>[0] };

/** A report view's address as kept: one of the catalogue the caller's role reads, with a segment they see. */
async function checkedReportView(deps: RouteDeps, value: unknown, principal: { email: string; role: Role }): Promise<string> {
  const parsed = parseReportView(value, deps.catalogue);
  if (!parsed.ok) throw badSubscription(parsed.reason);
  const { definition, view } = parsed.value;
  if (!roleAllows(principal.role, definition.access ?? 'analyst')) throw new HttpError(ERRORS.forbidden, `the report ${definition.report} needs the ${definition.access} role`);
  if (view.segmentId !== undefined) await visibleSegment(deps.segmentStore, view.segmentId, principal.email);
  return reportViewPath(view);
}

/** A dashboard's address as kept: the caller's home (theirs even before its first tile), or a shared dashboard still there. */
async function checkedDashboard(deps: RouteDeps, value: string, email: string): Promise<string> {
  const id = deps.dashboards.parse(value);
  if (!id.ok) throw badSubscription(id.reason);
  if ((await deps.dashboards.visible(id.value, email)) === undefined) throw new HttpError(ERRORS.notFound, `no dashboard ${id.value}; it may have been deleted`);
  return deps.dashboards.address(id.value);
}

export async function subscriptionRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const analyst = { config: { access: 'analyst' as const } };
  const testMails = new TokenBuckets({ ratePerS: TEST_MAILS_PER_USER_PER_HOUR / SECONDS_PER_HOUR, burst: TEST_MAILS_PER_USER_PER_HOUR, maxEntries: TEST_MAIL_USERS_TRACKED_MAX });
  app.get('/api/mail-subscriptions', analyst, async (request) => {
    const own = (await allSubscriptions(deps.subscriptions)).filter((s) => s.owner === request.principal?.email);
    return { subscriptions: await Promise.all(own.map((s) => subscriptionView(s, deps))) };
  });
  app.post('/api/mail-subscriptions', analyst, async (request, reply) => {
    const principal = request.principal!;
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const unknown = Object.keys(body).find((key) => key !== 'view' && key !== 'frequency');
    if (unknown !== undefined) throw badSubscription(`unknown field '${unknown}'; expected view, frequency`);
    const view = deps.dashboards.isAddress(body.view) ? await checkedDashboard(deps, body.view, principal.email) : await checkedReportView(deps, body.view, principal);
    const frequency = parseFrequency(body.frequency);
    if (!frequency.ok) throw badSubscription(frequency.reason);
    const own = (await allSubscriptions(deps.subscriptions)).filter((s) => s.owner === principal.email);
    if (own.length >= SUBSCRIPTIONS_PER_USER_MAX) throw badSubscription(`a user may have at most ${SUBSCRIPTIONS_PER_USER_MAX} mailed reports; delete one first`);
    const subscription: MailSubscription = {
      id: newNoticeId(),
      owner: principal.email,
      view,
      frequency: frequency.value,
      createdAt: new Date(deps.now()).toISOString(),
    };
    await deps.subscriptions.save(subscription, { atMs: deps.now(), by: principal.email });
    return reply.code(201).send(await subscriptionView(subscription, deps));
  });
  app.delete<{ Params: { id: string } }>('/api/mail-subscriptions/:id', analyst, async (request, reply) => {
    const subscription = await ownSubscription(deps, request.params.id, request.principal?.email);
    await deps.subscriptions.remove(subscription.id, { atMs: deps.now(), by: request.principal!.email });
    return reply.code(204).send();
  });
  // The last full period's mail, now, without changing the schedule: to see what will come.
  app.post<{ Params: { id: string } }>('/api/mail-subscriptions/:id/send', analyst, async (request, reply) => {
    const subscription = await ownSubscription(deps, request.params.id, request.principal?.email);
    if (!testMails.take(subscription.owner, deps.now())) {
      throw new HttpError(ERRORS.tooManyRequests, `at most ${TEST_MAILS_PER_USER_PER_HOUR} mails sent now per hour; the schedule still sends them`);
    }
    const period = lastFullPeriod(subscription.frequency, deps.now(), deps.timeZone);
    if (!(await mailSubscription(deps, subscription, period))) {
      const what = deps.dashboards.isAddress(subscription.view) ? 'this dashboard is gone, or holds no report you may read' : 'this report is no longer one you may read';
      throw new HttpError(ERRORS.forbidden, what);
    }
    return reply.code(202).send({ status: 'sent', to: subscription.owner, period });
  });
}
