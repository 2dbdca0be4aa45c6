import { useId, useState, type FormEvent } from 'react';
import { REPORT_FILTER_DIMENSIONS, type ReportFilter, type ReportFilterDimension } from '@mesura/protocol';
import type { DateRange } from '../reports/report-types';
import { FILTER_LABELS } from './report-state';
import { useFilterValues } from './use-filter-values';

interface AddFilterFormProps {
  /** The period in force: the values offered are those seen in it. */
  range: DateRange;
  onAdd: (filter: ReportFilter) => void;
}

/** A new filter: a dimension, and a value typed or chosen among the period's values. */
export function AddFilterForm({ range, onAdd }: AddFilterFormProps) {
  const [dimension, setDimension] = useState<ReportFilterDimension>('section');
  const [value, setValue] = useState('');
  const values = useFilterValues(dimension, range);
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() === '') return;
    onAdd({ dimension, value: value.trim() });
    setValue('');
  }

  return (
    <form className="report-controls__filter" onSubmit={submit} aria-label="Afegeix un filtre">
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
      <input id={`${id}-valor`} list={`${id}-valors`} value={value} onChange={(event) => setValue(event.target.value)} placeholder="valor (p. ex. noticies)" />
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
    </form>
  );
}
