/**
 * The alerts' API (docs/mailed-reports-and-alerts.md): the figures a rule may watch, and any
 * analyst's own rules (list, make, delete) and the alerts they fired. Another's rules and alerts do
 * not exist for them (404). Alerts are mailed to the rule owner's account address only.
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { MailNoticeStore } from '../store/mail-notice-store.js';
import { NOTICE_ID, newNoticeId } from '../subscriptions/mail-subscription.js';
import { ALERT_FIGURES, alertFigureList } from './alert-figures.js';
import { ALERT_RULES_PER_USER_MAX, FIRED_ALERTS_PER_RULE_MAX } from './alert-limits.js';
import { parseAlertRuleFields, storedAlertRuleOf, storedFiredAlertOf, type AlertRule } from './alert-rule.js';
import { ALERT_HISTORY_WEEKS, ALERT_MIN_HALF_WIDTH_COUNT, ALERT_MIN_HALF_WIDTH_RATIO, ALERT_MIN_HALF_WIDTH_SHARE, ALERT_RANGE_DEVIATIONS } from './expected-range.js';

export interface AlertRouteDeps {
  store: MailNoticeStore;
  now: () => number;
}

const ownRules = async (store: MailNoticeStore, email: string | undefined) =>
  (await store.alertRules.definitions()).flatMap((stored) => storedAlertRuleOf(stored) ?? []).filter((rule) => rule.owner === email);

const ruleView = (rule: AlertRule) => ({
  id: rule.id,
  figure: rule.figure,
  label: ALERT_FIGURES[rule.figure].label,
  filters: rule.filters,
  createdAt: rule.createdAt,
  inBreach: rule.breach !== undefined,
});

export async function alertRoutes(app: FastifyInstance, deps: AlertRouteDeps): Promise<void> {
  const analyst = { config: { access: 'analyst' as const } };
  const { store } = deps;
  app.get('/api/alert-figures', analyst, async () => ({
    figures: alertFigureList(),
    range: {
      historyWeeks: ALERT_HISTORY_WEEKS,
      deviations: ALERT_RANGE_DEVIATIONS,
      minHalfWidthShare: ALERT_MIN_HALF_WIDTH_SHARE,
      minHalfWidthCount: ALERT_MIN_HALF_WIDTH_COUNT,
      minHalfWidthRatio: ALERT_MIN_HALF_WIDTH_RATIO,
    },
  }));
  app.get('/api/alert-rules', analyst, async (request) => ({ rules: (await ownRules(store, request.principal?.email)).map(ruleView) }));
  app.post('/api/alert-rules', analyst, async (request, reply) => {
    const principal = request.principal!;
    const fields = parseAlertRuleFields(request.body);
    if (!fields.ok) throw new HttpError(ERRORS.badQuery, fields.reason);
    if ((await ownRules(store, principal.email)).length >= ALERT_RULES_PER_USER_MAX) {
      throw new HttpError(ERRORS.badQuery, `a user may have at most ${ALERT_RULES_PER_USER_MAX} alert rules; delete one first`);
    }
    const rule: AlertRule = { id: newNoticeId(), owner: principal.email, ...fields.value, createdAt: new Date(deps.now()).toISOString() };
    await store.alertRules.save(rule, { atMs: deps.now(), by: principal.email });
    return reply.code(201).send(ruleView(rule));
  });
  app.delete<{ Params: { id: string } }>('/api/alert-rules/:id', analyst, async (request, reply) => {
    const email = request.principal?.email;
    const rule = NOTICE_ID.test(request.params.id) ? storedAlertRuleOf(await store.alertRules.definition(request.params.id)) : undefined;
    if (rule === undefined || rule.owner !== email) throw new HttpError(ERRORS.notFound, `no alert rule ${request.params.id} of yours`);
    const change = { atMs: deps.now(), by: request.principal!.email };
    await store.alertRules.remove(rule.id, change);
    // Its alerts go with it: they say nothing without the rule.
    for (const stored of await store.firedAlerts.definitions()) {
      const fired = storedFiredAlertOf(stored);
      if (fired?.ruleId === rule.id) await store.firedAlerts.remove(fired.id, change);
    }
    return reply.code(204).send();
  });
  app.get('/api/fired-alerts', analyst, async (request) => {
    const email = request.principal?.email;
    const alerts = (await store.firedAlerts.definitions()).flatMap((stored) => storedFiredAlertOf(stored) ?? []).filter((alert) => alert.owner === email);
    alerts.sort((a, b) => b.firedAt.localeCompare(a.firedAt));
    return {
      alerts: alerts
        .slice(0, ALERT_RULES_PER_USER_MAX * FIRED_ALERTS_PER_RULE_MAX)
        .map(({ owner: _owner, ...alert }) => ({ ...alert, label: ALERT_FIGURES[alert.figure]?.label ?? alert.figure, format: ALERT_FIGURES[alert.figure]?.format ?? 'count' })),
    };
  });
}
