import { useState, type FormEvent } from 'react';
import { SEGMENT_CONDITIONS_MAX, SEGMENT_GROUPS_MAX, type GoalDefinition, type SegmentDefinition, type SegmentGroup, type SegmentMatch, type StoredSegment } from '@mesura/protocol';
import type { Outcome } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import type { DateRange } from '../../reports/report-types';
import { SegmentConditionFields } from './segment-condition-fields';
import { EMPTY_CONDITION, EMPTY_GROUP, EMPTY_SEGMENT_DRAFT, segmentFromDraft, withName, type SegmentDraft } from './segment-draft';
import { MATCH_LABELS } from './segment-labels';

interface SegmentFormProps {
  /** The segment edited; a new one when absent. */
  segment?: StoredSegment;
  range: DateRange;
  /** The goals a condition may name. */
  goals: readonly GoalDefinition[];
  save: (segment: SegmentDefinition) => Promise<Outcome<StoredSegment>>;
  onSaved: (segment: StoredSegment) => void;
  onCancel: () => void;
}

function MatchChoice({ id, label, value, onChange }: { id: string; label: string; value: SegmentMatch; onChange: (match: SegmentMatch) => void }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as SegmentMatch)}>
        <option value="all">{MATCH_LABELS.all}</option>
        <option value="any">{MATCH_LABELS.any}</option>
      </select>
    </div>
  );
}

/** The draft with group `g` replaced (or removed when `next` is undefined). */
const withGroup = (draft: SegmentDraft, g: number, next: SegmentGroup | undefined): SegmentDraft => ({
  ...draft,
  groups: next === undefined ? draft.groups.filter((_, i) => i !== g) : draft.groups.map((group, i) => (i === g ? next : group)).concat(g === draft.groups.length ? [next] : []),
});

/**
 * Creates or edits a segment: its name, who sees it (the team, or only who made it), and groups of
 * conditions, each all or any of them, joined by all or any: every value chosen from the period's.
 */
export function SegmentForm({ segment, range, goals, save, onSaved, onCancel }: SegmentFormProps) {
  const [draft, setDraft] = useState<SegmentDraft>(() => (segment ? { ...segment, idEdited: true } : EMPTY_SEGMENT_DRAFT));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = segmentFromDraft(draft);
    if (!made.ok) return setProblem(made.message);
    setSaving(true);
    const saved = await save(made.value);
    setSaving(false);
    if (!saved.ok) return setProblem(`No s'ha pogut desar el segment. ${apiFailureMessage(saved.failure)}`);
    setProblem(undefined);
    onSaved(saved.value);
  };

  return (
    <form className="form-card form-card--wide" aria-labelledby="segment-form-heading" onSubmit={(event) => void submit(event)}>
      <h1 id="segment-form-heading">{segment ? `Edita «${segment.name}»` : 'Nou segment'}</h1>
      <div className="form-field">
        <label htmlFor="segment-name">Nom</label>
        <input id="segment-name" value={draft.name} onChange={(event) => setDraft(withName(draft, event.target.value))} />
      </div>
      <div className="form-field">
        <label htmlFor="segment-id">Identificador</label>
        <input id="segment-id" value={draft.id} readOnly={segment !== undefined} onChange={(event) => setDraft({ ...draft, id: event.target.value, idEdited: true })} />
      </div>
      <label className="form-field">
        <input type="checkbox" checked={draft.shared} onChange={(event) => setDraft({ ...draft, shared: event.target.checked })} />
        Compartit amb l'equip (si no, només el veieu vós)
      </label>
      <MatchChoice id="segment-match" label="Els visitants han de complir, dels grups" value={draft.match} onChange={(match) => setDraft({ ...draft, match })} />
      {draft.groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups are a list edited in place, with no id of their own
        <fieldset key={g} className="form-card" aria-label={`Grup ${g + 1}`}>
          <legend>Grup {g + 1}</legend>
          <MatchChoice id={`segment-${g}-match`} label="Condicions que han de complir" value={group.match} onChange={(match) => setDraft(withGroup(draft, g, { ...group, match }))} />
          {group.conditions.map((condition, c) => (
            <SegmentConditionFields
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id of their own
              key={c}
              place={`${g}-${c}`}
              label={`Condició ${c + 1} del grup ${g + 1}`}
              condition={condition}
              range={range}
              goals={goals}
              onChange={(next) => setDraft(withGroup(draft, g, { ...group, conditions: group.conditions.map((old, i) => (i === c ? next : old)) }))}
              onRemove={() => setDraft(withGroup(draft, g, group.conditions.length > 1 ? { ...group, conditions: group.conditions.filter((_, i) => i !== c) } : undefined))}
            />
          ))}
          {group.conditions.length < SEGMENT_CONDITIONS_MAX && (
            <button type="button" className="button button--quiet" onClick={() => setDraft(withGroup(draft, g, { ...group, conditions: [...group.conditions, EMPTY_CONDITION] }))}>
              Afegeix una condició al grup {g + 1}
            </button>
          )}
        </fieldset>
      ))}
      {draft.groups.length < SEGMENT_GROUPS_MAX && (
        <button type="button" className="button button--quiet" onClick={() => setDraft(withGroup(draft, draft.groups.length, EMPTY_GROUP))}>
          Afegeix un grup
        </button>
      )}
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      <div className="panel__actions">
        <button type="submit" className="button" disabled={saving}>
          Desa el segment
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel·la
        </button>
      </div>
    </form>
  );
}
