import { useState, type FormEvent } from 'react';
import { REPORT_FILTER_DIMENSIONS, type ReportFilterDimension } from '@mesura/protocol';
import { DateRangeForm } from '../components/date-range-form';
import { formatRange } from '../reports/format';
import { FILTER_LABELS, PRESET_LABELS, RANGE_PRESETS, withFilter, withoutFilter, type ReportScreenState } from './report-state';

interface ReportControlsProps {
  state: ReportScreenState;
  onChange: (next: ReportScreenState) => void;
}

/** The period (presets or two days), the comparison and the stacked filters every report of the screen follows. */
export function ReportControls({ state, onChange }: ReportControlsProps) {
  const [dimension, setDimension] = useState<ReportFilterDimension>('section');
  const [value, setValue] = useState('');

  function addFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() === '') return;
    onChange(withFilter(state, { dimension, value: value.trim() }));
    setValue('');
  }

  return (
    <div className="report-controls">
      <p className="page-heading__range">{formatRange(state.range)}</p>
      <div className="report-controls__presets" role="group" aria-label="Període">
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="button button--quiet"
            aria-pressed={state.preset === preset}
            onClick={() => onChange({ ...state, preset })}
          >
            {PRESET_LABELS[preset]}
          </button>
        ))}
      </div>
      <DateRangeForm
        key={`${state.range.from}|${state.range.to}`}
        range={state.range}
        onApply={(range) => {
          const { preset: _preset, ...rest } = state;
          onChange({ ...rest, range });
        }}
      />
      <label className="report-controls__compare">
        <input type="checkbox" checked={state.compare} onChange={(event) => onChange({ ...state, compare: event.target.checked })} />
        Compara amb el període anterior
      </label>
      <form className="report-controls__filter" onSubmit={addFilter}>
        <label htmlFor="filtre-dimensio">Filtra per</label>
        <select id="filtre-dimensio" value={dimension} onChange={(event) => setDimension(event.target.value as ReportFilterDimension)}>
          {REPORT_FILTER_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {FILTER_LABELS[d]}
            </option>
          ))}
        </select>
        <label htmlFor="filtre-valor" className="visually-hidden">
          Valor del filtre
        </label>
        <input id="filtre-valor" value={value} onChange={(event) => setValue(event.target.value)} placeholder="valor (p. ex. noticies)" />
        <button type="submit" className="button">
          Afegeix el filtre
        </button>
      </form>
      {state.filters.length > 0 && (
        <ul className="filter-chips" aria-label="Filtres aplicats">
          {state.filters.map((f) => (
            <li key={f.dimension}>
              {FILTER_LABELS[f.dimension]}: {f.value}{' '}
              <button type="button" className="link-button" onClick={() => onChange(withoutFilter(state, f.dimension))} aria-label={`Treu el filtre ${FILTER_LABELS[f.dimension]}`}>
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
