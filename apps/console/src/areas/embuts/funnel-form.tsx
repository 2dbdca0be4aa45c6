import { useState, type FormEvent } from 'react';
import { FUNNEL_DAYS_MAX, FUNNEL_STEPS_MAX, FUNNEL_STEPS_MIN, type FunnelDefinition, type FunnelScope, type GoalDefinition } from '@mesura/protocol';
import type { Outcome } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import type { DateRange } from '../../reports/report-types';
import { EMPTY_FUNNEL_DRAFT, EMPTY_STEP_DRAFT, draftOfFunnel, funnelFromDraft, withName, withStep } from './funnel-draft';
import { FunnelStepFields } from './funnel-step-fields';

interface FunnelFormProps {
  /** The funnel edited; a new one when absent. */
  funnel?: FunnelDefinition;
  range: DateRange;
  /** The goals a step may name. */
  goals: readonly GoalDefinition[];
  save: (funnel: FunnelDefinition) => Promise<Outcome<FunnelDefinition>>;
  onSaved: (funnel: FunnelDefinition) => void;
  onCancel: () => void;
}

/** Creates or edits a funnel: its name, where its steps must fall, and 2 to 8 steps in order. */
export function FunnelForm({ funnel, range, goals, save, onSaved, onCancel }: FunnelFormProps) {
  const [draft, setDraft] = useState(() => (funnel ? draftOfFunnel(funnel) : EMPTY_FUNNEL_DRAFT));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = funnelFromDraft(draft);
    if (!made.ok) return setProblem(made.message);
    setSaving(true);
    const saved = await save(made.value);
    setSaving(false);
    if (!saved.ok) return setProblem(`No s'ha pogut desar l'embut. ${apiFailureMessage(saved.failure)}`);
    setProblem(undefined);
    onSaved(saved.value);
  };

  return (
    <form className="form-card form-card--wide" aria-labelledby="funnel-form-heading" onSubmit={(event) => void submit(event)}>
      <h1 id="funnel-form-heading">{funnel ? `Edita «${funnel.name}»` : 'Nou embut'}</h1>
      <div className="form-field">
        <label htmlFor="funnel-name">Nom</label>
        <input id="funnel-name" value={draft.name} onChange={(event) => setDraft(withName(draft, event.target.value))} />
      </div>
      <div className="form-field">
        <label htmlFor="funnel-id">Identificador</label>
        <input id="funnel-id" value={draft.id} readOnly={funnel !== undefined} onChange={(event) => setDraft({ ...draft, id: event.target.value, idEdited: true })} />
      </div>
      <div className="form-field">
        <label htmlFor="funnel-scope">On han de passar els passos</label>
        <select id="funnel-scope" value={draft.scope} onChange={(event) => setDraft({ ...draft, scope: event.target.value as FunnelScope })}>
          <option value="visit">En una mateixa visita</option>
          <option value="days">En uns quants dies, en visites diferents</option>
        </select>
      </div>
      {draft.scope === 'days' && (
        <div className="form-field">
          <label htmlFor="funnel-days">Dies des del primer pas</label>
          <input id="funnel-days" type="number" min={1} max={FUNNEL_DAYS_MAX} value={draft.days} onChange={(event) => setDraft({ ...draft, days: event.target.value })} />
        </div>
      )}
      {draft.steps.map((step, index) => (
        <FunnelStepFields
          // The steps are a list edited in place: a step's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id of their own
          key={index}
          n={index + 1}
          step={step}
          range={range}
          goals={goals}
          onChange={(next) => setDraft(withStep(draft, index, next))}
          {...(draft.steps.length > FUNNEL_STEPS_MIN && { onRemove: () => setDraft(withStep(draft, index, undefined)) })}
        />
      ))}
      {draft.steps.length < FUNNEL_STEPS_MAX && (
        <button type="button" className="button button--quiet" onClick={() => setDraft(withStep(draft, draft.steps.length, EMPTY_STEP_DRAFT))}>
          Afegeix un pas
        </button>
      )}
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      <div className="panel__actions">
        <button type="submit" className="button" disabled={saving}>
          Desa l'embut
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel·la
        </button>
      </div>
    </form>
  );
}
