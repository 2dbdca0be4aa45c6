import type { RefObject } from 'react';
import type { Goal } from '@mesura/protocol';
import type { ActivityDraft } from './activity-draft';

const GOAL_TYPES: { type: Goal['type']; label: string; field: string; hint: string }[] = [
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

/** What counts as a conversion: a click on an element, a visit to a page, or an event of the page. */
export function GoalFields({ goal, onChange, invalid, describedBy, inputRef }: GoalFieldsProps) {
  const chosen = GOAL_TYPES.find((g) => g.type === goal.type) ?? GOAL_TYPES[0]!;
  return (
    <fieldset className="form-card experiment-fieldset">
      <legend>Objectiu</legend>
      <div className="choice-row" role="radiogroup" aria-label="Tipus d'objectiu">
        {GOAL_TYPES.map((g) => (
          <label key={g.type}>
            <input type="radio" name="goal-type" value={g.type} checked={goal.type === g.type} onChange={() => onChange({ ...goal, type: g.type })} /> {g.label}
          </label>
        ))}
      </div>
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
    </fieldset>
  );
}
