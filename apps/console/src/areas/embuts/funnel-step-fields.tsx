import { FUNNEL_STEP_TYPES, type FunnelStepType, type GoalDefinition, type GoalPageMatch } from '@mesura/protocol';
import type { FilterValue } from '../../report-view/filter-value-sources';
import { useFilterValues } from '../../report-view/use-filter-values';
import type { DateRange } from '../../reports/report-types';
import { MediaChoiceFields } from '../objectius/media-choice-fields';
import { useReportValues } from '../objectius/use-report-values';
import type { StepDraft } from './funnel-draft';
import { FUNNEL_STEP_TYPE_LABELS } from './funnel-labels';

interface StepFieldsProps {
  /** 1 for the first step. */
  n: number;
  step: StepDraft;
  onChange: (next: StepDraft) => void;
  /** Removes the step; absent when the funnel has the fewest steps it may. */
  onRemove?: () => void;
  /** The period whose values are offered (the pages visited, the calls seen, the programmes played). */
  range: DateRange;
  goals: readonly GoalDefinition[];
}

/** The options of a choice: the period's values, with the one stored kept even if the period has none. */
function withCurrent(values: readonly FilterValue[], current: string): readonly FilterValue[] {
  return current === '' || values.some((v) => v.value === current) ? values : [{ value: current, label: current }, ...values];
}

/** A choice among values, each shown by its Catalan label. */
function Choice(props: { id: string; label: string; value: string; empty: string; values: readonly FilterValue[]; onChange: (value: string) => void }) {
  return (
    <div className="form-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.empty}</option>
        {withCurrent(props.values, props.value).map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One step of the funnel: its type, its name in the report and the values of that type, chosen where the console knows them. */
export function FunnelStepFields({ n, step, onChange, onRemove, range, goals }: StepFieldsProps) {
  const id = (field: string) => `funnel-step-${n}-${field}`;
  const pages = useReportValues(step.type === 'page' ? 'content/pages' : undefined, range);
  const calls = useReportValues(step.type === 'call' ? 'engagement/calls' : undefined, range);
  const programmes = useFilterValues('programme', range);
  const channels = useFilterValues('channel', range);
  // The name follows the value chosen until one is typed: a label the report can show at once.
  const named = (value: string, label: string | undefined) => (step.name === '' ? { name: label ?? value } : {});
  return (
    <fieldset className="form-card form-card--row" aria-label={`Pas ${n}`}>
      <legend>Pas {n}</legend>
      <div className="form-field">
        <label htmlFor={id('type')}>Què ha de fer</label>
        <select id={id('type')} value={step.type} onChange={(event) => onChange({ ...step, type: event.target.value as FunnelStepType })}>
          {FUNNEL_STEP_TYPES.map((type) => (
            <option key={type} value={type}>
              {FUNNEL_STEP_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {step.type === 'page' && (
        <>
          <div className="form-field">
            <label htmlFor={id('match')}>Com es compara</label>
            <select id={id('match')} value={step.match} onChange={(event) => onChange({ ...step, match: event.target.value as GoalPageMatch })}>
              <option value="exact">L'adreça exacta</option>
              <option value="pattern">Un patró (* vol dir qualsevol text)</option>
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={id('url')}>Adreça de la pàgina</label>
            <input
              id={id('url')}
              list={id('pages')}
              value={step.url}
              onChange={(event) => onChange({ ...step, url: event.target.value, ...named(event.target.value, pages.find((p) => p.value === event.target.value)?.label) })}
            />
            <datalist id={id('pages')}>
              {pages.map((page) => (
                <option key={page.value} value={page.value}>
                  {page.label}
                </option>
              ))}
            </datalist>
          </div>
        </>
      )}
      {step.type === 'call' && (
        <Choice
          id={id('call')}
          label="Crida directa"
          value={step.call}
          empty="Trieu una crida…"
          values={calls}
          onChange={(call) => onChange({ ...step, call, ...named(call, calls.find((c) => c.value === call)?.label) })}
        />
      )}
      {step.type === 'goal' && (
        <Choice
          id={id('goal')}
          label="Objectiu"
          value={step.goal}
          empty="Trieu un objectiu…"
          values={goals.map((g) => ({ value: g.id, label: g.name }))}
          onChange={(goal) => onChange({ ...step, goal, ...named(goal, goals.find((g) => g.id === goal)?.name) })}
        />
      )}
      {step.type === 'media' && (
        <>
          <MediaChoiceFields idPrefix={`funnel-step-${n}`} moment={step.moment} stream={step.stream} onChange={(choice) => onChange({ ...step, ...choice })} />
          <Choice id={id('programme')} label="Programa" value={step.programme} empty="Qualsevol programa" values={programmes} onChange={(programme) => onChange({ ...step, programme })} />
          <Choice id={id('channel')} label="Canal" value={step.channel} empty="Qualsevol canal" values={channels} onChange={(channel) => onChange({ ...step, channel })} />
        </>
      )}
      <div className="form-field">
        <label htmlFor={id('name')}>Nom del pas a l'informe</label>
        <input id={id('name')} value={step.name} onChange={(event) => onChange({ ...step, name: event.target.value })} />
      </div>
      {onRemove && (
        <button type="button" className="button button--quiet" onClick={onRemove}>
          Treu el pas {n}
        </button>
      )}
    </fieldset>
  );
}
