/** What the console calls a direct call (engagement/calls' rows, a report's `event` parameter). */

/**
 * The §9 events the direct calls count (event1 and event2 are page views and searches): the name a
 * person reads, and the call that sends it, which is the row's code (on hover and in the CSV).
 */
export const DIRECT_CALL_EVENTS: Readonly<Record<string, { label: string; call: string }>> = {
  '3': { label: 'Compartir', call: 'scCompartir' },
  '5': { label: 'Descàrrega', call: 'scDescarregar' },
  '9': { label: 'Jugar', call: 'scJugar' },
  '10': { label: 'Clic de botó', call: 'scClicBoto' },
  '15': { label: 'Participació', call: 'scParticipar' },
  '26': { label: 'Ràdio en finestra nova', call: 'scFinestraNova' },
};

/** How the stores key a call that counts no event: its link's name after this prefix (report-facts-load.ts). */
const LINK_CALL_PREFIX = 'enllaç: ';

/** A call's Catalan name: its event's, or its link's name. */
export function directCallLabel(key: string): string {
  const event = DIRECT_CALL_EVENTS[key];
  if (event) return event.label;
  return key.startsWith(LINK_CALL_PREFIX) ? key.slice(LINK_CALL_PREFIX.length) : key;
}

/** A call's code: the event's number and call for an event (`event3 · scCompartir`), the stored key otherwise. */
export function directCallCode(key: string): string {
  const event = DIRECT_CALL_EVENTS[key];
  return event ? `event${key} · ${event.call}` : key;
}
