import type { RefObject } from 'react';
import type { Goal } from '@mesura/protocol';
import type { ActivityDraft } from './activity-draft';
import { SiteGoalPicker } from './site-goal-picker';

/** The goals typed in a field; a site goal is chosen from the site's list instead. */
const GOAL_TYPES: { type: Exclude<Goal['type'], 'siteGoal'>; label: string; field: string; hint: string }[] = [
  { type: 'click', label: 'Clic en un element', field: "Selector CSS de l'element", hint: 'Per exemple, .boto-subscriu o a[href="/directe/"].' },
  { type: 'pageView', label: "Visita d'una pàgina", field: 'Camí de la pàgina', hint: 'Per exemple, /gracies/.' },
  { type: 'event', label: 'Esdeveniment', field: "Nom de l'esdeveniment", hint: 'El nom que envia la pàgina, per exemple compra.' },
];

interface GoalFieldsProps {
  goal: ActivityDraft['goal'];
  onChange: (goal: ActivityDraft['goal']) => void;
  invalid: boolean;
  describedBy: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** What counts as a conversion: a click on an element, a visit to a page, an event of the page, or one of the site's goals. */
export function GoalFields({ goal, onChange, invalid, describedBy, inputRef }: GoalFieldsProps) {
  const chosen = GOAL_TYPES.find((g) => g.type === goal.type);
  return (
    <fieldset className="form-card experiment-fieldset">
      <legend>Objectiu</legend>
      <div className="choice-row" role="radiogroup" aria-label="Tipus d'objectiu">
        {GOAL_TYPES.map((g) => (
          <label key={g.type}>
            <input type="radio" name="goal-type" value={g.type} checked={goal.type === g.type} onChange={() => onChange({ type: g.type, value: typedValue(goal) })} /> {g.label}
          </label>
        ))}
        <label>
          <input type="radio" name="goal-type" value="siteGoal" checked={chosen === undefined} onChange={() => onChange({ type: 'siteGoal', value: '' })} /> Un objectiu del web
        </label>
      </div>
      {chosen === undefined ? (
        <SiteGoalPicker label="Quin objectiu del web" chosen={goal.value} onChoose={(id) => onChange({ type: 'siteGoal', value: id })} />
      ) : (
        <TypedGoal goal={goal} chosen={chosen} onChange={onChange} invalid={invalid} describedBy={describedBy} inputRef={inputRef} />
      )}
    </fieldset>
  );
}

/** What a typed goal keeps when its type changes: the text, but never a site goal's id. */
const typedValue = (goal: ActivityDraft['goal']) => (goal.type === 'siteGoal' ? '' : goal.value);

/** A click's selector, a page's path or an event's name, typed. */
function TypedGoal({ goal, chosen, onChange, invalid, describedBy, inputRef }: GoalFieldsProps & { chosen: (typeof GOAL_TYPES)[number] }) {
  return (
    <div className="form-field">
      <label htmlFor="goal-value">{chosen.field}</label>
      <input
        id="goal-value"
        ref={inputRef}
        value={goal.value}
        onChange={(event) => onChange({ ...goal, value: event.target.value })}
        aria-invalid={invalid}
        aria-describedby={describedBy === undefined ? 'goal-hint' : `goal-hint ${describedBy}`}
      />
      <p id="goal-hint" className="admin-note">
        {chosen.hint}
      </p>
    </div>
  );
}
