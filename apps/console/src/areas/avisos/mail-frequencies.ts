/** How often a report or a dashboard may be mailed (server: subscriptions/mail-periods.ts), as the forms offer it. */
import type { MailFrequency } from './mail-notices-api';

export const MAIL_FREQUENCIES: readonly { value: MailFrequency; label: string }[] = [
  { value: 'daily', label: 'Cada dia (el dia anterior)' },
  { value: 'weekly', label: 'Cada setmana (de dilluns a diumenge)' },
  { value: 'monthly', label: 'Cada mes (el mes anterior)' },
];
