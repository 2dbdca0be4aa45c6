import { formatCount } from '../../reports/format';
import { sectionLabel, totalRows, VISITOR_DATA_SECTIONS, type VisitorRowCounts } from './visitor-rights';

/** A visitor's rows per table, with their total. */
export function RowCountsList({ counts }: { counts: VisitorRowCounts }) {
  return (
    <dl className="admin-counts">
      {VISITOR_DATA_SECTIONS.map((section) => (
        <div key={section}>
          <dt>{sectionLabel(section)}</dt>
          <dd>{formatCount(counts[section])}</dd>
        </div>
      ))}
      <div>
        <dt>Total de files</dt>
        <dd>{formatCount(totalRows(counts))}</dd>
      </div>
    </dl>
  );
}

/** The counts in one Catalan sentence part: "12 impactes, 0 batecs de mèdia, …". */
export function rowCountsText(counts: VisitorRowCounts): string {
  return VISITOR_DATA_SECTIONS.map((section) => `${formatCount(counts[section])} ${sectionLabel(section).toLowerCase()}`).join(', ');
}
