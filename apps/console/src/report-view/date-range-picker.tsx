import { DateRangeForm } from '../components/date-range-form';
import { formatRange } from '../reports/format';
import { PRESET_LABELS, RANGE_PRESETS, type ReportScreenState } from './report-state';

interface DateRangePickerProps {
  state: ReportScreenState;
  onChange: (next: ReportScreenState) => void;
}

/** The period of every report: a preset (pressed while in force) or two days typed in. */
export function DateRangePicker({ state, onChange }: DateRangePickerProps) {
  return (
    <div className="date-range-picker">
      <p className="page-heading__range" aria-live="polite">
        {formatRange(state.range)}
      </p>
      <fieldset className="report-controls__presets" aria-label="Període">
        {RANGE_PRESETS.map((preset) => (
          <button key={preset} type="button" className="button button--quiet" aria-pressed={state.preset === preset} onClick={() => onChange({ ...state, preset })}>
            {PRESET_LABELS[preset]}
          </button>
        ))}
      </fieldset>
      {/* Remounted on every new range so that its inputs start from the range in force. */}
      <DateRangeForm
        key={`${state.range.from}|${state.range.to}`}
        range={state.range}
        onApply={(range) => {
          const { preset: _preset, ...custom } = state;
          onChange({ ...custom, range });
        }}
      />
    </div>
  );
}
