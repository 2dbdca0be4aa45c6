/** The Catalan words for an activity's type, state and goal, shared by the list, the results and the form. */
import { GLOBAL_MBOX, type ActivityStatus, type DeviceClass, type Goal } from '@mesura/protocol';
import type { SiteGoal } from './site-goals';

export const STATUS_LABELS: Record<ActivityStatus, string> = {
  draft: 'Esborrany',
  active: 'Actiu',
  paused: 'En pausa',
  archived: 'Arxivat',
};

export const TYPE_LABELS: Record<'ab' | 'xt', string> = {
  ab: 'Prova A/B',
  xt: 'Segmentació',
};

export const DEVICE_LABELS: Record<DeviceClass, string> = {
  desktop: 'Ordinador',
  mobile: 'Mòbil',
  tablet: 'Tauleta',
  tv: 'Televisor',
  console: 'Consola de jocs',
  wearable: 'Rellotge o similar',
  other: 'Altres',
  unknown: 'Desconegut',
};

/**
 * A goal in one line: "Clic a .boto-subscriu", "Visita de /gracies/", "Esdeveniment compra",
 * "Objectiu del web «Pàgina de gràcies»" (by its id while the site's goals are not read, or when
 * the goal was deleted since).
 */
export function goalLabel(goal: Goal, siteGoals: readonly SiteGoal[] = []): string {
  switch (goal.type) {
    case 'click':
      return `Clic a ${goal.selector}`;
    case 'pageView':
      return `Visita de ${goal.path}`;
    case 'event':
      return `Esdeveniment ${goal.event}`;
    case 'siteGoal':
      return `Objectiu del web «${siteGoals.find((siteGoal) => siteGoal.id === goal.goal)?.name ?? goal.goal}»`;
  }
}

/** What the whole page asks for when it loads, in the editor's words (the API's global mbox). */
export const WHOLE_PAGE_LOCATION = 'Tota la pàgina';

/** Where on the page an activity applies (the API's mboxes), in the editor's words: «nom» for a named one. */
export function locationsLabel(mboxes: readonly string[]): string {
  return mboxes.map((mbox) => (mbox === GLOBAL_MBOX ? WHOLE_PAGE_LOCATION : `ubicació «${mbox}»`)).join(', ');
}
