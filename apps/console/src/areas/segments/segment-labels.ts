/** The Segments area's Catalan names for what a segment is made of. */
import type { SegmentCondition, SegmentConditionType, SegmentMatch, SegmentVisitAttribute } from '@mesura/protocol';
import { mediaSummary } from '../objectius/media-choice';

export const SEGMENTS_AREA_PATH = '/segments';

export const CONDITION_TYPE_LABELS: Record<SegmentConditionType, string> = {
  visit: 'Una visita amb…',
  page: 'Ha vist una pàgina',
  call: 'Ha fet una crida directa',
  goal: 'Ha assolit un objectiu',
  media: 'Ha mirat o escoltat un programa o canal',
};

export const VISIT_ATTRIBUTE_LABELS: Record<SegmentVisitAttribute, string> = {
  device: 'Dispositiu',
  browser: 'Navegador',
  country: 'País',
  region: 'Regió',
  referrer_group: "Tipus d'origen",
  campaign: 'Campanya',
  section: "Secció d'entrada",
  login: 'Sessió iniciada',
};

export const MATCH_LABELS: Record<SegmentMatch, string> = {
  all: 'Totes (i)',
  any: 'Alguna (o)',
};

/** One line saying what a condition asks, for the list. */
export function conditionSummary(condition: SegmentCondition): string {
  switch (condition.type) {
    case 'visit':
      return `${VISIT_ATTRIBUTE_LABELS[condition.attribute ?? 'device']}: ${condition.value ?? ''}`;
    case 'page':
      return `Pàgina ${condition.url ?? ''}`;
    case 'call':
      return `Crida ${condition.call ?? ''}`;
    case 'goal':
      return `Objectiu ${condition.goal ?? ''}`;
    case 'media':
      return mediaSummary(condition);
  }
}
