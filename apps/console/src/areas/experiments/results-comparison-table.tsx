import type { ActivityResults, ExperienceResult } from '@mesura/protocol';
import { TableScroll } from '../../components/table-scroll';
import { formatInterval, formatLift, formatPoints, formatProbability, formatPValue, formatVarianceReduction } from './results-format';
import { type Reading, readingLabel, readingsOf } from './results-readings';

/** The figures of one reading, in the table's column order. */
function readingCells(reading: Reading): { column: string; value: string; interval?: string }[] {
  return [
    { column: 'difference', value: formatPoints(reading.difference), interval: formatInterval(reading.differenceCi, formatPoints) },
    {
      column: 'lift',
      value: reading.lift === null ? '—' : formatLift(reading.lift),
      ...(reading.liftCi === null ? {} : { interval: formatInterval(reading.liftCi, formatLift) }),
    },
    { column: 'p-value', value: formatPValue(reading.pValue) },
    { column: 'probability', value: reading.probabilityToBeatControl === null ? '—' : formatProbability(reading.probabilityToBeatControl) },
  ];
}

function VariantReadings({ experience, results }: { experience: ExperienceResult; results: ActivityResults }) {
  const control = results.experiences.find((e) => e.control);
  const versus = experience.versusControl;
  if (versus === undefined) return null;
  return (
    <tbody>
      <tr className="comparison-table__variant">
        <th scope="colgroup" colSpan={5}>
          {experience.name}
        </th>
      </tr>
      {readingsOf(versus, control?.conversionRate ?? null).map((reading) => {
        const label = readingLabel(reading.kind, results.cuped);
        return (
          <tr key={reading.kind}>
            <th scope="row">
              {label.name}
              <span className="comparison-table__note">
                {label.note}
                {reading.varianceReduction !== null && ` · variància ${formatVarianceReduction(reading.varianceReduction)}`}
              </span>
            </th>
            {readingCells(reading).map((cell) => (
              <td key={cell.column} className="numeric">
                {cell.value}
                {cell.interval !== undefined && <span className="comparison-table__interval">{cell.interval}</span>}
              </td>
            ))}
          </tr>
        );
      })}
    </tbody>
  );
}

/**
 * Each variant against the control, one row per reading: the fixed-horizon figures (valid read
 * once, at the planned end), the always-valid ones (valid read every day) and, where the server
 * had each visitor's pre-period, both adjusted with it (CUPED). The readings are rows and each
 * interval sits under its estimate, so the table fits 768 px without scrolling sideways.
 */
export function ResultsComparisonTable({ results }: { results: ActivityResults }) {
  const compared = results.experiences.filter((e) => e.versusControl !== undefined);
  if (compared.length === 0) return <p className="panel__note">Encara no hi ha cap variant amb prou visitants per comparar-la amb el control.</p>;
  return (
    <TableScroll label="Comparació amb el control">
      <table className="report-table comparison-table">
        <caption className="visually-hidden">Comparació amb el control</caption>
        <thead>
          <tr>
            <th scope="col">Lectura</th>
            <th scope="col" className="numeric">
              Diferència amb el control
            </th>
            <th scope="col" className="numeric">
              Millora
            </th>
            <th scope="col" className="numeric">
              Valor p
            </th>
            <th scope="col" className="numeric">
              Probabilitat de superar el control
            </th>
          </tr>
        </thead>
        {compared.map((experience) => (
          <VariantReadings key={experience.id} experience={experience} results={results} />
        ))}
      </table>
    </TableScroll>
  );
}
