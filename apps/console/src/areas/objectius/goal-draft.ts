/** A goal as the form holds it (every field text), and the definition it makes. */
import { GOAL_ID, type GoalDefinition, type GoalPageMatch, type GoalType, type MediaMoment, type MediaStream } from '@mesura/protocol';
import { slugOf } from '../experiments/activity-draft';
import { mediaChoiceFields } from './media-choice';

export interface GoalDraft {
  name: string;
  id: string;
  /** The id was typed: the name no longer sets it. */
  idEdited: boolean;
  type: GoalType;
  match: GoalPageMatch;
  url: string;
  call: string;
  programme: string;
  channel: string;
  moment: MediaMoment;
  /** `''`: either. */
  stream: MediaStream | '';
}

export const EMPTY_GOAL_DRAFT: GoalDraft = { name: '', id: '', idEdited: false, type: 'page', match: 'exact', url: '', call: '', programme: '', channel: '', moment: 'start', stream: '' };

export function draftOfGoal(goal: GoalDefinition): GoalDraft {
  return {
    ...EMPTY_GOAL_DRAFT,
    name: goal.name,
    id: goal.id,
    idEdited: true,
    type: goal.type,
    match: goal.match ?? 'exact',
    url: goal.url ?? '',
    call: goal.call ?? '',
    programme: goal.programme ?? '',
    channel: goal.channel ?? '',
    moment: goal.moment ?? 'start',
    stream: goal.stream ?? '',
  };
}

/** The draft with a new name, and the id made from it until one is typed. */
export function withName(draft: GoalDraft, name: string): GoalDraft {
  return { ...draft, name, ...(draft.idEdited ? {} : { id: slugOf(name) }) };
}

export type GoalDraftResult = { ok: true; value: GoalDefinition } | { ok: false; message: string };

/** The definition the draft makes, or what is missing, in Catalan (the server checks it again). */
export function goalFromDraft(draft: GoalDraft): GoalDraftResult {
  const name = draft.name.trim();
  if (name === '') return { ok: false, message: "Doneu un nom a l'objectiu." };
  if (!GOAL_ID.test(draft.id)) return { ok: false, message: "L'identificador només pot tenir minúscules, xifres i guions." };
  const base = { id: draft.id, name, type: draft.type };
  switch (draft.type) {
    case 'page':
      if (draft.url.trim() === '') return { ok: false, message: "Indiqueu l'adreça de la pàgina." };
      return { ok: true, value: { ...base, match: draft.match, url: draft.url.trim() } };
    case 'call':
      if (draft.call === '') return { ok: false, message: 'Trieu la crida directa.' };
      return { ok: true, value: { ...base, call: draft.call } };
    case 'media':
      return {
        ok: true,
        value: { ...base, ...(draft.programme && { programme: draft.programme }), ...(draft.channel && { channel: draft.channel }), ...mediaChoiceFields(draft.moment, draft.stream) },
      };
    default:
      return { ok: true, value: base };
  }
}
