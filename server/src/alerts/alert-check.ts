/**
 * One run of the alerts: each rule's figure over its last closed window (alert-window.ts) against
 * the range the same window of the weeks before makes (expected-range.ts). A window out of range
 * fires an alert, kept for the console and mailed to the rule's owner, once: while the figure stays
 * out, the rule is in breach and nothing more is fired; the first window back in range ends it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.js';
import { numberOf, type AnalyticsReader } from '../store/analytics-reader.js';
import type { AccountStore } from '../store/account-store.js';
import type { MailNoticeStore } from '../store/mail-notice-store.js';
import { filterSql } from '../store/queries/filter-sql.js';
import { ALERT_FIGURES } from './alert-figures.js';
import { FIRED_ALERTS_PER_RULE_MAX } from './alert-limits.js';
import { alertMail } from './alert-mail.js';
import { storedAlertRuleOf, storedFiredAlertOf, type AlertRule, type FiredAlert } from './alert-rule.js';
import { currentWindow, weeksBefore, windowBounds, windowKey, windowValues, type AlertWindow } from './alert-window.js';
import { ALERT_HISTORY_WEEKS, expectedRange } from './expected-range.js';

export interface AlertCheckDeps {
  store: MailNoticeStore;
  reader: AnalyticsReader;
  accounts: Pick<AccountStore, 'userByEmail'>;
  mailer: Mailer;
  reportSuite: string;
  timeZone: string;
  consoleOrigin: string;
  catchUp: () => Promise<void>;
  now: () => number;
  log: FastifyBaseLogger;
}

/** The figure of a rule over one window; null when there is nothing to measure it by. */
async function measure(deps: AlertCheckDeps, rule: AlertRule, window: AlertWindow): Promise<number | null> {
  const figure = ALERT_FIGURES[rule.figure];
  const filters = filterSql(rule.filters, figure.filterColumns);
  const rows = await deps.reader.read(figure.query(filters.sql), { suite: deps.reportSuite, ...windowValues(window), ...filters.values });
  return numberOf(rows[0]?.[rule.figure]);
}

async function fire(deps: AlertCheckDeps, rule: AlertRule, window: AlertWindow, value: number, range: { low: number; high: number }): Promise<void> {
  const alert: FiredAlert = {
    id: randomUUID(),
    ruleId: rule.id,
    owner: rule.owner,
    figure: rule.figure,
    filters: rule.filters,
    ...windowBounds(window),
    value,
    ...range,
    firedAt: new Date(deps.now()).toISOString(),
  };
  const change = { atMs: deps.now(), by: 'mesura' };
  const inBreach: AlertRule = { ...rule, breach: { firedAlertId: alert.id } };
  // The rule's save answers what it replaced, under the store's lock: a rule deleted meanwhile is
  // left deleted, and one another server of a cluster put in breach first keeps that server's alert.
  const before = storedAlertRuleOf(await deps.store.alertRules.save(inBreach, change));
  if (before === undefined) return void (await deps.store.alertRules.remove(rule.id, change));
  if (before.breach !== undefined) return void (await deps.store.alertRules.save(before, change));
  await deps.store.firedAlerts.save(alert, change);
  const older = (await deps.store.firedAlerts.definitions()).flatMap((stored) => storedFiredAlertOf(stored) ?? []).filter((a) => a.ruleId === rule.id);
  older.sort((a, b) => b.firedAt.localeCompare(a.firedAt));
  for (const dropped of older.slice(FIRED_ALERTS_PER_RULE_MAX)) await deps.store.firedAlerts.remove(dropped.id, change);
  if ((await deps.accounts.userByEmail(rule.owner)) !== undefined) deps.mailer.post(alertMail(alert, deps.consoleOrigin, deps.timeZone));
}

async function endBreach(deps: AlertCheckDeps, rule: AlertRule, window: AlertWindow): Promise<void> {
  const change = { atMs: deps.now(), by: 'mesura' };
  const fired = storedFiredAlertOf(await deps.store.firedAlerts.definition(rule.breach!.firedAlertId));
  const ended: FiredAlert | undefined = fired && { ...fired, endedAt: windowBounds(window).from };
  if (ended !== undefined) await deps.store.firedAlerts.save(ended, change);
  const { breach: _ended, ...back } = rule;
  if ((await deps.store.alertRules.save(back, change)) === undefined) await deps.store.alertRules.remove(rule.id, change);
}

/** Checks one rule over its current window; what it found, for the caller's log and tests. */
export async function checkAlertRule(deps: AlertCheckDeps, rule: AlertRule): Promise<'fired' | 'ended' | 'unchanged' | 'no-range'> {
  const window = currentWindow(ALERT_FIGURES[rule.figure].step, deps.now(), deps.timeZone);
  const value = await measure(deps, rule, window);
  const history: (number | null)[] = [];
  for (let weeks = 1; weeks <= ALERT_HISTORY_WEEKS; weeks++) history.push(await measure(deps, rule, weeksBefore(window, weeks)));
  const range = expectedRange(history, ALERT_FIGURES[rule.figure].format);
  if (range === undefined || value === null) return 'no-range';
  const out = value < range.low || value > range.high;
  if (out && rule.breach === undefined) return (await fire(deps, rule, window, value, range), 'fired');
  if (!out && rule.breach !== undefined) return (await endBreach(deps, rule, window), 'ended');
  return 'unchanged';
}

/** A checker that looks at each rule once per window (a run every few minutes finds most windows checked). */
export function alertChecker(deps: AlertCheckDeps): () => Promise<void> {
  const checked = new Map<string, string>();
  return async () => {
    await deps.catchUp();
    const rules = (await deps.store.alertRules.definitions()).flatMap((stored) => storedAlertRuleOf(stored) ?? []);
    for (const rule of rules) {
      const key = windowKey(currentWindow(ALERT_FIGURES[rule.figure].step, deps.now(), deps.timeZone));
      if (checked.get(rule.id) === key) continue;
      try {
        await checkAlertRule(deps, rule);
        checked.set(rule.id, key);
      } catch (error) {
        deps.log.warn(`alert rule ${rule.id} not checked: ${(error as Error).message}`);
      }
    }
    // Rules deleted since are forgotten.
    for (const id of checked.keys()) if (!rules.some((rule) => rule.id === id)) checked.delete(id);
  };
}
