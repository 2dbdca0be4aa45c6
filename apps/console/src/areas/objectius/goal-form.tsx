import { useState, type FormEvent } from 'react';
import { GOAL_TYPES, type GoalDefinition, type GoalType } from '@mesura/protocol';
import type { Outcome } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import type { DateRange } from '../../reports/report-types';
import { EMPTY_GOAL_DRAFT, draftOfGoal, goalFromDraft, withName } from './goal-draft';
import { GoalTypeFields } from './goal-fields';
import { GOAL_TYPE_LABELS } from './goal-labels';

interface GoalFormProps {
  /** The goal edited; a new one when absent. */
  goal?: GoalDefinition;
  range: DateRange;
  save: (goal: GoalDefinition) => Promise<Outcome<GoalDefinition>>;
  onSaved: (goal: GoalDefinition) => void;
  onCancel: () => void;
}

/** Creates or edits a goal: its name, type and the values of that type, chosen where the console knows them. */
export function GoalForm({ goal, range, save, onSaved, onCancel }: GoalFormProps) {
  const [draft, setDraft] = useState(() => (goal ? draftOfGoal(goal) : EMPTY_GOAL_DRAFT));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = goalFromDraft(draft);
    if (!made.ok) return setProblem(made.message);
    setSaving(true);
    const saved = await save(made.value);
    setSaving(false);
    if (!saved.ok) return setProblem(`No s'ha pogut desar l'objectiu. ${apiFailureMessage(saved.failure)}`);
    setProblem(undefined);
    onSaved(saved.value);
  };

  return (
    <form className="form-card" aria-labelledby="goal-form-heading" onSubmit={(event) => void submit(event)}>
      <h1 id="goal-form-heading">{goal ? `Edita «${goal.name}»` : 'Nou objectiu'}</h1>
      <div className="form-field">
        <label htmlFor="goal-name">Nom</label>
        <input id="goal-name" value={draft.name} onChange={(event) => setDraft(withName(draft, event.target.value))} />
      </div>
      <div className="form-field">
        <label htmlFor="goal-id">Identificador</label>
        <input id="goal-id" value={draft.id} readOnly={goal !== undefined} onChange={(event) => setDraft({ ...draft, id: event.target.value, idEdited: true })} />
      </div>
      <div className="form-field">
        <label htmlFor="goal-type">Què compta</label>
        <select id="goal-type" value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as GoalType })}>
          {GOAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {GOAL_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <GoalTypeFields draft={draft} onChange={setDraft} range={range} />
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      <div className="panel__actions">
        <button type="submit" className="button" disabled={saving}>
          Desa l'objectiu
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel·la
        </button>
      </div>
    </form>
  );
}
