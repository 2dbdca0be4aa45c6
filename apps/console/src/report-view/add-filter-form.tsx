import { useId, useState, type FormEvent } from 'react';
import { REPORT_FILTER_DIMENSIONS, type ReportFilter, type ReportFilterDimension } from '@mesura/protocol';
import type { DateRange } from '../reports/report-types';
import { FILTER_LABELS } from './report-state';
import { resolveFilterValue } from './resolve-filter-value';
import { useOfferedFilterValues } from './use-filter-values';

interface AddFilterFormProps {
  /** The period in force: the values offered are those seen in it. */
  range: DateRange;
  onAdd: (filter: ReportFilter) => void;
}

/**
 * A new filter: a dimension, and a value chosen among the period's values or typed, by its stored
 * value or its Catalan name; a typed value the period does not offer is said so, not added.
 */
export function AddFilterForm({ range, onAdd }: AddFilterFormProps) {
  const [dimension, setDimension] = useState<ReportFilterDimension>('section');
  const [value, setValue] = useState('');
  const [unmatched, setUnmatched] = useState<string | undefined>();
  const { values, complete } = useOfferedFilterValues(dimension, range);
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() === '') return;
    const resolved = resolveFilterValue(value, values, complete);
    if (!resolved.ok) {
      setUnmatched(value.trim());
      return;
    }
    setUnmatched(undefined);
    onAdd({ dimension, value: resolved.value });
    setValue('');
  }

  return (
    <form className="report-controls__filter" onSubmit={submit} aria-label="Afegeix un filtre">
      <label htmlFor={`${id}-dimensio`}>Filtra per</label>
      <select
        id={`${id}-dimensio`}
        value={dimension}
        onChange={(event) => {
          setDimension(event.target.value as ReportFilterDimension);
          setUnmatched(undefined);
        }}
      >
        {REPORT_FILTER_DIMENSIONS.map((d) => (
          <option key={d} value={d}>
            {FILTER_LABELS[d]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-valor`} className="visually-hidden">
        Valor del filtre
      </label>
      <input
        id={`${id}-valor`}
        list={`${id}-valors`}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setUnmatched(undefined);
        }}
        placeholder="valor (p. ex. noticies)"
        aria-invalid={unmatched !== undefined}
        aria-describedby={unmatched !== undefined ? `${id}-sense-valor` : undefined}
      />
      <datalist id={`${id}-valors`}>
        {values.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </datalist>
      <button type="submit" className="button">
        Afegeix el filtre
      </button>
      {unmatched !== undefined && (
        <p id={`${id}-sense-valor`} className="report-controls__filter-error" role="alert">
          Cap valor de «{FILTER_LABELS[dimension]}» del període es diu «{unmatched}»: tria'n un de la llista.
        </p>
      )}
    </form>
  );
}
