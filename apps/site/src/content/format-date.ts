/**
 * The newsroom works in Catalan time; readers abroad still see the time of publication as printed
 * in Catalonia, as newspapers do.
 */
export const NEWSROOM_TIME_ZONE = 'Europe/Madrid';

const dateFormat = new Intl.DateTimeFormat('ca-ES', { dateStyle: 'long', timeZone: NEWSROOM_TIME_ZONE });
const clockFormat = new Intl.DateTimeFormat('ca-ES', { timeStyle: 'short', timeZone: NEWSROOM_TIME_ZONE });

/**
 * "a les 8:30", "a la 1:10": a clock time ("8:30", "01:10") with its article. Catalan says "a la
 * una" and "a les dues", so one o'clock takes the singular; Intl's "a les" is wrong there.
 */
export function atClock(clock: string): string {
  return /^0?1\D/.test(clock) ? `a la ${clock}` : `a les ${clock}`;
}

/** "20 de novembre del 2026, a les 8:30" for an ISO 8601 instant. */
export function formatPublicationDate(iso: string): string {
  const instant = new Date(iso);
  return `${dateFormat.format(instant)}, ${atClock(clockFormat.format(instant))}`;
}
