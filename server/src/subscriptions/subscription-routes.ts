/**
 * The mailed reports' API (docs/mailed-reports-and-alerts.md): any analyst lists, makes and
 * deletes their own subscriptions (another's do not exist for them: 404), and may have one mailed
 * now to see it. Mails go to the caller's account address only: no route takes a recipient.
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { TokenBuckets } from '../http/token-buckets.js';
import { roleAllows } from '../shared/roles.js';
import { visibleSegment } from '../reports/report-segment.js';
import { parseReportView, reportViewPath } from './console-report-view.js';
import { allSubscriptions, NOTICE_ID, newNoticeId, parseFrequency, storedSubscriptionOf, type MailSubscription } from './mail-subscription.js';
import { frequencyLabel, lastFullPeriod } from './mail-periods.js';
import { mailSubscription, type SubscriptionMailingDeps } from './subscription-mailing.js';
import { SUBSCRIPTIONS_PER_USER_MAX, TEST_MAILS_PER_USER_PER_HOUR, TEST_MAIL_USERS_TRACKED_MAX } from './subscription-limits.js';

const SECONDS_PER_HOUR = 3600;

function subscriptionView(subscription: MailSubscription, deps: SubscriptionMailingDeps) {
  const parsed = parseReportView(subscription.view, deps.catalogue);
  return {
    id: subscription.id,
    view: subscription.view,
    frequency: subscription.frequency,
    frequencyLabel: frequencyLabel(subscription.frequency),
    ...(parsed.ok && { report: parsed.value.definition.report, title: parsed.value.definition.title, filters: parsed.value.view.filters }),
    ...(parsed.ok && parsed.value.view.segmentId !== undefined && { segment: parsed.value.view.segmentId }),
    createdAt: subscription.createdAt,
    ...(subscription.lastSentFrom !== undefined && { lastSentFrom: subscription.lastSentFrom }),
  };
}

const badSubscription = (reason: string) => new HttpError(ERRORS.badQuery, reason);

async function ownSubscription(deps: SubscriptionMailingDeps, id: string, email: string | undefined): Promise<MailSubscription> {
  const found = NOTICE_ID.test(id) ? storedSubscriptionOf(await deps.subscriptions.definition(id)) : undefined;
  if (found === undefined || found.owner !== email) throw new HttpError(ERRORS.notFound, `no mailed report ${id} of yours`);
  return found;
}

export async function subscriptionRoutes(app: FastifyInstance, deps: SubscriptionMailingDeps & { segmentStore: Parameters<typeof visibleSegment>[0] }): Promise<void> {
  const analyst = { config: { access: 'analyst' as const } };
  const testMails = new TokenBuckets({ ratePerS: TEST_MAILS_PER_USER_PER_HOUR / SECONDS_PER_HOUR, burst: TEST_MAILS_PER_USER_PER_HOUR, maxEntries: TEST_MAIL_USERS_TRACKED_MAX });
  app.get('/api/mail-subscriptions', analyst, async (request) => ({
    subscriptions: (await allSubscriptions(deps.subscriptions)).filter((s) => s.owner === request.principal?.email).map((s) => subscriptionView(s, deps)),
  }));
  app.post('/api/mail-subscriptions', analyst, async (request, reply) => {
    const principal = request.principal!;
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const unknown = Object.keys(body).find((key) => key !== 'view' && key !== 'frequency');
    if (unknown !== undefined) throw badSubscription(`unknown field '${unknown}'; expected view, frequency`);
    const parsed = parseReportView(body.view, deps.catalogue);
    if (!parsed.ok) throw badSubscription(parsed.reason);
    const frequency = parseFrequency(body.frequency);
    if (!frequency.ok) throw badSubscription(frequency.reason);
    const { definition, view } = parsed.value;
    if (!roleAllows(principal.role, definition.access ?? 'analyst')) throw new HttpError(ERRORS.forbidden, `the report ${definition.report} needs the ${definition.access} role`);
    if (view.segmentId !== undefined) await visibleSegment(deps.segmentStore, view.segmentId, principal.email);
    const own = (await allSubscriptions(deps.subscriptions)).filter((s) => s.owner === principal.email);
    if (own.length >= SUBSCRIPTIONS_PER_USER_MAX) throw badSubscription(`a user may have at most ${SUBSCRIPTIONS_PER_USER_MAX} mailed reports; delete one first`);
    const subscription: MailSubscription = {
      id: newNoticeId(),
      owner: principal.email,
      view: reportViewPath(view),
      frequency: frequency.value,
      createdAt: new Date(deps.now()).toISOString(),
    };
    await deps.subscriptions.save(subscription, { atMs: deps.now(), by: principal.email });
    return reply.code(201).send(subscriptionView(subscription, deps));
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
    if (!(await mailSubscription(deps, subscription, period))) throw new HttpError(ERRORS.forbidden, 'this report is no longer one you may read');
    return reply.code(202).send({ status: 'sent', to: subscription.owner, period });
  });
}
