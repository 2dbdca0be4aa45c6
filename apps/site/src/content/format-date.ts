/**
 * The newsroom works in Catalan time; readers abroad still see the time of publication as printed
 * in Catalonia, as newspapers do.
 */
export const NEWSROOM_TIME_ZONE = 'Europe/Madrid';

const publicationFormat = new Intl.DateTimeFormat('ca-ES', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: NEWSROOM_TIME_ZONE,
});

/** "20 de novembre del 2026, a les 8:30" for an ISO 8601 instant. */
export function formatPublicationDate(iso: string): string {
  return publicationFormat.format(new Date(iso));
}
