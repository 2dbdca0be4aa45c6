import type { ReportFilter } from '@mesura/protocol';
import type { DateRange } from '../reports/report-types';
import { FILTER_LABELS } from './report-state';
import { useFilterValueLabel } from './use-filter-values';

interface FilterChipProps {
  filter: ReportFilter;
  /** The period in force: a value is named as the period's reports name it. */
  range: DateRange;
  onRemove: () => void;
}

/**
 * One applied filter and its removal. The URL keeps the value the filter matches (`mobile`,
 * `logat`); the chip shows its Catalan name (Mòbil, Amb sessió iniciada) when the dimension's values
 * name it.
 */
export function FilterChip({ filter, range, onRemove }: FilterChipProps) {
  const label = useFilterValueLabel(filter.dimension, filter.value, range);
  const name = `${FILTER_LABELS[filter.dimension]}: ${label}`;
  return (
    <li>
      {name}{' '}
      <button type="button" className="link-button" onClick={onRemove} aria-label={`Treu el filtre ${name}`}>
        ✕
      </button>
    </li>
  );
}
