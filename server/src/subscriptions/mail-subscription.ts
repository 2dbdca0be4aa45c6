/**
 * A user's mailed report as stored: the view (a console address, read again by
 * console-report-view.ts each time it is used: a stored text is trusted no more than a request),
 * how often, whose it is, and the first day of the last period mailed.
 */
import { randomUUID } from 'node:crypto';
import type { Result } from '@mesura/protocol';
import type { MailNoticeRows } from '../store/mail-notice-store.js';
import { MAIL_FREQUENCIES, type MailFrequency } from './mail-periods.js';

export interface MailSubscription {
  id: string;
  /** The owner's account e-mail: the only address its mails go to. */
  owner: string;
  view: string;
  frequency: MailFrequency;
  /** ISO 8601. */
  createdAt: string;
  /** The first day (YYYY-MM-DD) of the last period mailed, if any. */
  lastSentFrom?: string;
}

/** A subscription's or rule's id in a path: server-made UUIDs only. */
export const NOTICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newNoticeId = (): string => randomUUID();

export function parseFrequency(value: unknown): Result<MailFrequency> {
  if (typeof value === 'string' && (MAIL_FREQUENCIES as readonly string[]).includes(value)) return { ok: true, value: value as MailFrequency };
  return { ok: false, reason: `frequency must be one of ${MAIL_FREQUENCIES.join(', ')}` };
}

/** A stored row as a subscription, or undefined when it no longer reads as one. */
export function storedSubscriptionOf(stored: unknown): MailSubscription | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const row = stored as Record<string, unknown>;
  const frequency = parseFrequency(row.frequency);
  if (typeof row.id !== 'string' || typeof row.owner !== 'string' || typeof row.view !== 'string' || typeof row.createdAt !== 'string' || !frequency.ok) return undefined;
  return {
    id: row.id,
    owner: row.owner,
    view: row.view,
    frequency: frequency.value,
    createdAt: row.createdAt,
    ...(typeof row.lastSentFrom === 'string' && { lastSentFrom: row.lastSentFrom }),
  };
}

export async function allSubscriptions(rows: MailNoticeRows): Promise<MailSubscription[]> {
  return (await rows.definitions()).flatMap((stored) => storedSubscriptionOf(stored) ?? []);
}
