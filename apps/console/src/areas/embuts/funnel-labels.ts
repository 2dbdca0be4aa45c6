/** What the Embuts area says of funnels, in Catalan: each step type, a funnel's scope and its steps in one line. */
import type { FunnelDefinition, FunnelStep, FunnelStepType } from '@mesura/protocol';

export const FUNNELS_AREA_PATH = '/embuts';

/** Each step type as an editor chooses it. */
export const FUNNEL_STEP_TYPE_LABELS: Readonly<Record<FunnelStepType, string>> = {
  page: 'Visita a una pàgina',
  call: 'Crida directa (participar, compartir…)',
  goal: 'Un objectiu assolit',
  media: 'Vídeo o àudio (inici o final)',
};

/** Where the steps must fall, in one phrase. */
export function scopeLabel(funnel: Pick<FunnelDefinition, 'scope' | 'days'>): string {
  if (funnel.scope === 'visit') return 'En una mateixa visita';
  return funnel.days === 1 ? 'En un dia des del primer pas' : `En ${funnel.days} dies des del primer pas`;
}

/** The steps' names in order: «Portada → Notícia → Participació». */
export const stepsSummary = (steps: readonly Pick<FunnelStep, 'name'>[]): string => steps.map((step) => step.name).join(' → ');
