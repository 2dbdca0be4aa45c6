/** What the Objectius area says of goals, in Catalan: each type, a goal in one line, and its reports. */
import type { GoalDefinition, GoalType } from '@mesura/protocol';
import { mediaSummary } from './media-choice';

export const GOALS_AREA_PATH = '/objectius';

/** Each goal type as an editor chooses it. */
export const GOAL_TYPE_LABELS: Readonly<Record<GoalType, string>> = {
  page: 'Visita a una pàgina',
  call: 'Crida directa (participar, desar per més tard…)',
  newsletter: 'Subscripció al butlletí',
  signup: "Alta d'un compte de visitant",
  media: 'Reproducció de vídeo o àudio',
  search: 'Cerca al web',
};

/** What counts, said under the type when it needs no more fields. */
export const GOAL_TYPE_NOTES: Partial<Readonly<Record<GoalType, string>>> = {
  newsletter: 'Compta les visites en què el formulari del butlletí de la portada ha acceptat una adreça.',
  signup: "Compta les visites que obren l'enllaç de confirmació d'un compte nou.",
  search: 'Compta les visites amb almenys una cerca al cercador del web.',
};

/** The goal in one line: what reaching it means. */
export function goalSummary(goal: GoalDefinition, callLabel: (call: string) => string = (call) => call): string {
  switch (goal.type) {
    case 'page':
      return goal.match === 'exact' ? `Veu ${goal.url}` : `Veu una pàgina com ${goal.url}`;
    case 'call':
      return `Fa la crida ${callLabel(goal.call ?? '')}`;
    case 'media':
      return mediaSummary(goal);
    default:
      return GOAL_TYPE_LABELS[goal.type];
  }
}

/** The goal reports (server: reports/goal-reports.ts), in the order the goal's page shows them. */
export const GOAL_REPORTS = [
  { report: 'goals/by-day', title: 'Conversions per dia' },
  { report: 'goals/by-source', title: 'Conversions per font' },
  { report: 'goals/by-campaign', title: 'Conversions per campanya' },
  { report: 'goals/by-device', title: 'Conversions per dispositiu' },
  { report: 'goals/by-country', title: 'Conversions per país' },
  { report: 'goals/by-entry-page', title: "Conversions per pàgina d'entrada" },
] as const;
