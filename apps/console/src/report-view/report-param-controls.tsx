import { useId } from 'react';
import type { ReportParamControl } from '@mesura/protocol';
import { PageControl } from './report-param-page';
import './report-param-controls.css';

interface ReportParamControlsProps {
  controls: readonly ReportParamControl[];
  /** The parameters' values asked with; an absent one reads the control's `absentLabel`. */
  values: Record<string, string>;
  /** The day the answer covers, shown by an unset day control (the server chose it). */
  answeredDay: string | undefined;
  /** A new value, or undefined to leave the parameter out. */
  onChange: (name: string, value: string | undefined) => void;
}

/**
 * A report's own parameters as controls, as the catalogue describes them: a date field for a day,
 * a list for a choice (each choice's code on hover), a search field for a page. Any report whose catalogue entry has
 * `controls` gets them.
 */
export function ReportParamControls({ controls, values, answeredDay, onChange }: ReportParamControlsProps) {
  return (
    <div className="report-params">
      {controls.map((control) =>
        control.kind === 'day' ? (
          <DayControl key={control.name} control={control} value={values[control.name]} answeredDay={answeredDay} onChange={onChange} />
        ) : control.kind === 'page' ? (
          <PageControl key={control.name} control={control} value={values[control.name]} onChange={onChange} />
        ) : (
          <ChoiceControl key={control.name} control={control} value={values[control.name]} onChange={onChange} />
        ),
      )}
    </div>
  );
}

interface ControlProps {
  control: ReportParamControl;
  value: string | undefined;
  onChange: ReportParamControlsProps['onChange'];
}

function DayControl({ control, value, answeredDay, onChange }: ControlProps & { answeredDay: string | undefined }) {
  const id = useId();
  const hintId = useId();
  return (
    <p className="report-params__field">
      <label htmlFor={id}>{control.label}</label>{' '}
      <input
        id={id}
        type="date"
        value={value ?? answeredDay ?? ''}
        aria-describedby={value === undefined ? hintId : undefined}
        onChange={(event) => onChange(control.name, event.target.value === '' ? undefined : event.target.value)}
      />
      {value === undefined ? (
        <span id={hintId} className="report-params__hint">
          {' '}
          ({control.absentLabel.toLowerCase()})
        </span>
      ) : (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => onChange(control.name, undefined)}>
            {control.absentLabel}
          </button>
        </>
      )}
    </p>
  );
}

function ChoiceControl({ control, value, onChange }: ControlProps) {
  const id = useId();
  return (
    <p className="report-params__field">
      <label htmlFor={id}>{control.label}</label>{' '}
      <select id={id} value={value ?? ''} onChange={(event) => onChange(control.name, event.target.value === '' ? undefined : event.target.value)}>
        <option value="">{control.absentLabel}</option>
        {(control.choices ?? []).map((choice) => (
          <option key={choice.value} value={choice.value} title={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </p>
  );
}
