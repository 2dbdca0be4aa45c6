/** A segment as the form holds it, and the definition it makes (empty choices left out). */
import { GOAL_ID, parseSegmentDefinition, type SegmentCondition, type SegmentDefinition, type SegmentGroup } from '@mesura/protocol';
import { slugOf } from '../experiments/activity-draft';

export const EMPTY_CONDITION: SegmentCondition = { type: 'visit', attribute: 'device', value: '' };
export const EMPTY_GROUP: SegmentGroup = { match: 'all', conditions: [EMPTY_CONDITION] };

export interface SegmentDraft extends SegmentDefinition {
  /** The id was typed: the name no longer sets it. */
  idEdited: boolean;
}

/** A new segment: private, one group of one condition. */
export const EMPTY_SEGMENT_DRAFT: SegmentDraft = { id: '', name: '', shared: false, match: 'all', groups: [EMPTY_GROUP], idEdited: false };

export function withName(draft: SegmentDraft, name: string): SegmentDraft {
  return { ...draft, name, ...(!draft.idEdited && { id: slugOf(name) }) };
}

/** The condition without the optional values left empty ("any programme"). */
function cleaned(condition: SegmentCondition): SegmentCondition {
  return Object.fromEntries(Object.entries(condition).filter(([, value]) => value !== '')) as unknown as SegmentCondition;
}

/** The definition of the draft, or the reason (Catalan first, then the server's words) it is not one. */
export function segmentFromDraft(draft: SegmentDraft): { ok: true; value: SegmentDefinition } | { ok: false; message: string } {
  if (draft.name.trim() === '') return { ok: false, message: 'Poseu un nom al segment.' };
  if (!GOAL_ID.test(draft.id)) return { ok: false, message: "L'identificador només pot tenir minúscules, xifres i guions." };
  const { idEdited: _, ...definition } = draft;
  const parsed = parseSegmentDefinition({ ...definition, groups: draft.groups.map((group) => ({ ...group, conditions: group.conditions.map(cleaned) })) });
  return parsed.ok ? parsed : { ok: false, message: `Hi falta algun valor: ${parsed.reason}.` };
}
