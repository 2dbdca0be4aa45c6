/**
 * The mailed reports' and alerts' calls (server: subscriptions/subscription-routes.ts,
 * alerts/alert-routes.ts), through the console's API client. The answers are the server's own;
 * each is checked for the fields this page reads before it is shown.
 */
import type { MetricFormat, ReportFilter } from '@mesura/protocol';
import { isRecord, type Outcome } from '../../api/api-answer';
import { callApi } from '../../api/api-client';

export type MailFrequency = 'daily' | 'weekly' | 'monthly';

export interface MailSubscription {
  id: string;
  view: string;
  frequency: MailFrequency;
  frequencyLabel: string;
  /** A report's title, or a dashboard's name. */
  title?: string;
  /** The dashboard's id (`home` or a shared one's) when the subscription mails a dashboard. */
  dashboard?: string;
  filters?: ReportFilter[];
  segment?: string;
  lastSentFrom?: string;
}

export interface AlertFigure {
  key: string;
  label: string;
  format: MetricFormat;
  step: 'hour' | 'day';
  filters: string[];
}

export interface AlertRange {
  historyWeeks: number;
  deviations: number;
  minHalfWidthShare: number;
  minHalfWidthCount: number;
  minHalfWidthRatio: number;
}

export interface AlertRule {
  id: string;
  figure: string;
  label: string;
  filters: ReportFilter[];
  inBreach: boolean;
}

export interface FiredAlert {
  id: string;
  label: string;
  format: MetricFormat;
  filters: ReportFilter[];
  from: string;
  to: string;
  value: number;
  low: number;
  high: number;
  firedAt: string;
  endedAt?: string;
}

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;

/** The list under `key` of a JSON answer, each item with the string fields `required`. */
async function listOf<T>(path: string, key: string, required: readonly string[], signal?: AbortSignal): Promise<Outcome<T[]>> {
  const result = await callApi({ method: 'GET', path, ...(signal && { signal }) });
  if (!result.ok) return result;
  const list = isRecord(result.body) ? result.body[key] : undefined;
  if (!Array.isArray(list) || !list.every((item) => isRecord(item) && required.every((field) => typeof item[field] === 'string'))) return MALFORMED;
  return { ok: true, value: list as T[] };
}

async function change(method: 'POST' | 'DELETE', path: string, json?: unknown): Promise<Outcome<undefined>> {
  const result = await callApi({ method, path, ...(json !== undefined && { json }) });
  return result.ok ? { ok: true, value: undefined } : result;
}

export const mailNoticesApi = {
  subscriptions: (signal?: AbortSignal) => listOf<MailSubscription>('/api/mail-subscriptions', 'subscriptions', ['id', 'view', 'frequency'], signal),
  subscribe: (view: string, frequency: MailFrequency) => change('POST', '/api/mail-subscriptions', { view, frequency }),
  unsubscribe: (id: string) => change('DELETE', `/api/mail-subscriptions/${encodeURIComponent(id)}`),
  sendNow: (id: string) => change('POST', `/api/mail-subscriptions/${encodeURIComponent(id)}/send`),
  async figures(signal?: AbortSignal): Promise<Outcome<{ figures: AlertFigure[]; range: AlertRange }>> {
    const result = await callApi({ method: 'GET', path: '/api/alert-figures', ...(signal && { signal }) });
    if (!result.ok) return result;
    const body = result.body;
    if (!isRecord(body) || !Array.isArray(body.figures) || !isRecord(body.range)) return MALFORMED;
    return { ok: true, value: { figures: body.figures as AlertFigure[], range: body.range as unknown as AlertRange } };
  },
  rules: (signal?: AbortSignal) => listOf<AlertRule>('/api/alert-rules', 'rules', ['id', 'figure', 'label'], signal),
  addRule: (figure: string, filters: string[]) => change('POST', '/api/alert-rules', { figure, filters }),
  removeRule: (id: string) => change('DELETE', `/api/alert-rules/${encodeURIComponent(id)}`),
  firedAlerts: (signal?: AbortSignal) => listOf<FiredAlert>('/api/fired-alerts', 'alerts', ['id', 'label', 'from', 'to', 'firedAt'], signal),
};
