/**
 * The period a mailed report covers: the last full day, week (Monday to Sunday) or calendar month
 * in the site's time zone (MESURA_TIMEZONE) before the instant the mail goes. A subscription is
 * due once per period: when its last mail covered another one.
 */
import { localDayIn } from '../local-day.js';

export const MAIL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type MailFrequency = (typeof MAIL_FREQUENCIES)[number];

export interface MailPeriod {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) => dayOf(dayMs(day) + days * DAY_MS);

export function lastFullPeriod(frequency: MailFrequency, nowMs: number, timeZone: string): MailPeriod {
  const today = localDayIn(timeZone)(nowMs);
  switch (frequency) {
    case 'daily':
      return { from: plusDays(today, -1), to: plusDays(today, -1) };
    case 'weekly': {
      // getUTCDay: 0 is Sunday; days since this week's Monday.
      const sinceMonday = (new Date(dayMs(today)).getUTCDay() + 6) % 7;
      const monday = plusDays(today, -sinceMonday - 7);
      return { from: monday, to: plusDays(monday, 6) };
    }
    case 'monthly': {
      const lastDay = plusDays(`${today.slice(0, 7)}-01`, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
  }
}

const FREQUENCY_LABELS: Record<MailFrequency, string> = { daily: 'Cada dia', weekly: 'Cada setmana', monthly: 'Cada mes' };
export const frequencyLabel = (frequency: MailFrequency) => FREQUENCY_LABELS[frequency];
