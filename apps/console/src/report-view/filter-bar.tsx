import { useId, useState, type FormEvent } from 'react';
import { REPORT_FILTER_DIMENSIONS, type ReportFilterDimension } from '@mesura/protocol';
import { DateRangePicker } from './date-range-picker';
import { FILTER_LABELS, withFilter, withoutFilter, type ReportScreenState } from './report-state';

interface FilterBarProps {
  state: ReportScreenState;
  onChange: (next: ReportScreenState) => void;
}

/**
 * What every report of an area follows, shared by all areas: the period, the comparison with the
 * previous period, charts or tables, and the stacked filters (one per dimension, AND-ed).
 */
export function FilterBar({ state, onChange }: FilterBarProps) {
  const [dimension, setDimension] = useState<ReportFilterDimension>('section');
  const [value, setValue] = useState('');
  const id = useId();

  function addFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() === '') return;
    onChange(withFilter(state, { dimension, value: value.trim() }));
    setValue('');
  }

  return (
    <div className="report-controls">
      <DateRangePicker state={state} onChange={onChange} />
      <div className="report-controls__row">
        <label className="report-controls__compare">
          <input type="checkbox" checked={state.compare} onChange={(event) => onChange({ ...state, compare: event.target.checked })} />
          Compara amb el període anterior
        </label>
        <div className="report-controls__presets" role="group" aria-label="Mostra els informes com a">
          <button type="button" className="button button--quiet" aria-pressed={state.view === 'chart'} onClick={() => onChange({ ...state, view: 'chart' })}>
            Gràfics
          </button>
          <button type="button" className="button button--quiet" aria-pressed={state.view === 'table'} onClick={() => onChange({ ...state, view: 'table' })}>
            Taules
          </button>
        </div>
      </div>
      <form className="report-controls__filter" onSubmit={addFilter} aria-label="Afegeix un filtre">
        <label htmlFor={`${id}-dimensio`}>Filtra per</label>
        <select id={`${id}-dimensio`} value={dimension} onChange={(event) => setDimension(event.target.value as ReportFilterDimension)}>
          {REPORT_FILTER_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {FILTER_LABELS[d]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-valor`} className="visually-hidden">
          Valor del filtre
        </label>
        <input id={`${id}-valor`} value={value} onChange={(event) => setValue(event.target.value)} placeholder="valor (p. ex. noticies)" />
        <button type="submit" className="button">
          Afegeix el filtre
        </button>
      </form>
      {state.filters.length > 0 && (
        <ul className="filter-chips" aria-label="Filtres aplicats">
          {state.filters.map((f) => (
            <li key={f.dimension}>
              {FILTER_LABELS[f.dimension]}: {f.value}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => onChange(withoutFilter(state, f.dimension))}
                aria-label={`Treu el filtre ${FILTER_LABELS[f.dimension]}: ${f.value}`}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
