/** A funnel as the form holds it (every field text), and the definition it makes. */
import {
  FUNNEL_DAYS_MAX,
  FUNNEL_STEPS_MAX,
  FUNNEL_STEPS_MIN,
  GOAL_ID,
  type FunnelDefinition,
  type FunnelScope,
  type FunnelStep,
  type FunnelStepType,
  type GoalPageMatch,
  type MediaMoment,
  type MediaStream,
} from '@mesura/protocol';
import { slugOf } from '../experiments/activity-draft';
import { mediaChoiceFields } from '../objectius/media-choice';

export interface StepDraft {
  type: FunnelStepType;
  name: string;
  match: GoalPageMatch;
  url: string;
  call: string;
  goal: string;
  programme: string;
  channel: string;
  moment: MediaMoment;
  /** `''`: either. */
  stream: MediaStream | '';
}

export interface FunnelDraft {
  name: string;
  id: string;
  /** The id was typed: the name no longer sets it. */
  idEdited: boolean;
  scope: FunnelScope;
  days: string;
  steps: StepDraft[];
}

export const EMPTY_STEP_DRAFT: StepDraft = { type: 'page', name: '', match: 'exact', url: '', call: '', goal: '', programme: '', channel: '', moment: 'start', stream: '' };

export const EMPTY_FUNNEL_DRAFT: FunnelDraft = { name: '', id: '', idEdited: false, scope: 'visit', days: '7', steps: [EMPTY_STEP_DRAFT, EMPTY_STEP_DRAFT] };

export function draftOfFunnel(funnel: FunnelDefinition): FunnelDraft {
  return {
    name: funnel.name,
    id: funnel.id,
    idEdited: true,
    scope: funnel.scope,
    days: String(funnel.days ?? 7),
    steps: funnel.steps.map((step) => ({
      ...EMPTY_STEP_DRAFT,
      type: step.type,
      name: step.name,
      match: step.match ?? 'exact',
      url: step.url ?? '',
      call: step.call ?? '',
      goal: step.goal ?? '',
      programme: step.programme ?? '',
      channel: step.channel ?? '',
      moment: step.moment ?? 'start',
      stream: step.stream ?? '',
    })),
  };
}

/** The draft with a new name, and the id made from it until one is typed. */
export function withName(draft: FunnelDraft, name: string): FunnelDraft {
  return { ...draft, name, ...(draft.idEdited ? {} : { id: slugOf(name) }) };
}

/** The draft with step `index` replaced, added at the end (`index` = length) or removed (`step` undefined). */
export function withStep(draft: FunnelDraft, index: number, step: StepDraft | undefined): FunnelDraft {
  const steps = [...draft.steps];
  if (step === undefined) steps.splice(index, 1);
  else steps[index] = step;
  return { ...draft, steps };
}

export type FunnelDraftResult = { ok: true; value: FunnelDefinition } | { ok: false; message: string };

function stepFromDraft(draft: StepDraft, n: number): { ok: true; value: FunnelStep } | { ok: false; message: string } {
  const name = draft.name.trim();
  if (name === '') return { ok: false, message: `Doneu un nom al pas ${n}.` };
  const base = { type: draft.type, name };
  switch (draft.type) {
    case 'page':
      if (draft.url.trim() === '') return { ok: false, message: `Indiqueu l'adreça de la pàgina del pas ${n}.` };
      return { ok: true, value: { ...base, match: draft.match, url: draft.url.trim() } };
    case 'call':
      if (draft.call === '') return { ok: false, message: `Trieu la crida directa del pas ${n}.` };
      return { ok: true, value: { ...base, call: draft.call } };
    case 'goal':
      if (draft.goal === '') return { ok: false, message: `Trieu l'objectiu del pas ${n}.` };
      return { ok: true, value: { ...base, goal: draft.goal } };
    case 'media':
      return {
        ok: true,
        value: { ...base, ...(draft.programme && { programme: draft.programme }), ...(draft.channel && { channel: draft.channel }), ...mediaChoiceFields(draft.moment, draft.stream) },
      };
  }
}

/** The definition the draft makes, or what is missing, in Catalan (the server checks it again). */
export function funnelFromDraft(draft: FunnelDraft): FunnelDraftResult {
  const name = draft.name.trim();
  if (name === '') return { ok: false, message: "Doneu un nom a l'embut." };
  if (!GOAL_ID.test(draft.id)) return { ok: false, message: "L'identificador només pot tenir minúscules, xifres i guions." };
  if (draft.steps.length < FUNNEL_STEPS_MIN || draft.steps.length > FUNNEL_STEPS_MAX) return { ok: false, message: `Un embut té de ${FUNNEL_STEPS_MIN} a ${FUNNEL_STEPS_MAX} passos.` };
  const days = Number(draft.days);
  if (draft.scope === 'days' && !(Number.isInteger(days) && days >= 1 && days <= FUNNEL_DAYS_MAX)) return { ok: false, message: `Els dies han de ser de 1 a ${FUNNEL_DAYS_MAX}.` };
  const steps: FunnelStep[] = [];
  for (const [index, step] of draft.steps.entries()) {
    const made = stepFromDraft(step, index + 1);
    if (!made.ok) return made;
    steps.push(made.value);
  }
  return { ok: true, value: { id: draft.id, name, scope: draft.scope, ...(draft.scope === 'days' && { days }), steps } };
}
