import { AddFilterForm } from './add-filter-form';
import { DateRangePicker } from './date-range-picker';
import { FilterChip } from './filter-chip';
import { withFilter, withoutFilter, type ReportScreenState } from './report-state';
import { SegmentPicker } from './segment-picker';

interface FilterBarProps {
  state: ReportScreenState;
  onChange: (next: ReportScreenState) => void;
}

/**
 * What every report of an area follows, shared by all areas: the period, the comparison with the
 * previous period, charts or tables, the stacked filters (one per dimension, AND-ed), and the
 * segment (with a second one to compare side by side).
 */
export function FilterBar({ state, onChange }: FilterBarProps) {
  return (
    <div className="report-controls">
      <DateRangePicker state={state} onChange={onChange} />
      <div className="report-controls__row">
        <label className="report-controls__compare">
          <input type="checkbox" checked={state.compare} onChange={(event) => onChange({ ...state, compare: event.target.checked })} />
          Compara amb el període anterior
        </label>
        <fieldset className="report-controls__presets" aria-label="Mostra els informes com a">
          <button type="button" className="button button--quiet" aria-pressed={state.view === 'chart'} onClick={() => onChange({ ...state, view: 'chart' })}>
            Gràfics
          </button>
          <button type="button" className="button button--quiet" aria-pressed={state.view === 'table'} onClick={() => onChange({ ...state, view: 'table' })}>
            Taules
          </button>
        </fieldset>
      </div>
      <AddFilterForm range={state.range} onAdd={(filter) => onChange(withFilter(state, filter))} />
      {state.filters.length > 0 && (
        <ul className="filter-chips" aria-label="Filtres aplicats">
          {state.filters.map((f) => (
            <FilterChip key={f.dimension} filter={f} range={state.range} onRemove={() => onChange(withoutFilter(state, f.dimension))} />
          ))}
        </ul>
      )}
      <SegmentPicker state={state} onChange={onChange} />
    </div>
  );
}
