import type { Activity } from '@mesura/protocol';
import type { ActivityResults, ExperienceResult } from '@mesura/protocol';
import { PreviewButton } from './preview-button';
import { formatInterval, formatLift, formatPoints, formatProbability, formatPValue, formatRate, formatVisitors, hiddenFigure } from './results-format';
import { TableScroll } from '../../components/table-scroll';

interface ResultsTableProps {
  activity: Activity;
  results: ActivityResults;
}

/** The comparison's columns, in the table's order; each is its cell's key in a row. */
const COMPARISON_COLUMNS = ['difference', 'lift', 'p-value', 'probability-to-beat-control'] as const;

/** The comparison cells of one experience: "—" for the control and where there is no comparison. */
function comparisonCells(experience: ExperienceResult): { column: (typeof COMPARISON_COLUMNS)[number]; text: string }[] {
  const versus = experience.versusControl;
  if (versus === undefined) {
    const none = experience.control ? 'control' : '—';
    return COMPARISON_COLUMNS.map((column) => ({ column, text: none }));
  }
  return [
    { column: 'difference', text: `${formatPoints(versus.difference)} ${formatInterval(versus.differenceCi, formatPoints)}` },
    { column: 'lift', text: versus.lift === null ? '—' : `${formatLift(versus.lift)}${versus.liftCi === null ? '' : ` ${formatInterval(versus.liftCi, formatLift)}`}` },
    { column: 'p-value', text: formatPValue(versus.pValue) },
    { column: 'probability-to-beat-control', text: formatProbability(versus.probabilityToBeatControl) },
  ];
}

/**
 * One row per experience: its preview, visitors, conversions, rate and, against the control, the
 * 95 % intervals, p-value and probability to beat it. The preview comes right after the
 * experience's name: the figures make the table wider than the page at 1280 px (TableScroll), and
 * a last column would be out of view until the table is scrolled sideways.
 */
export function ResultsTable({ activity, results }: ResultsTableProps) {
  const hidden = hiddenFigure(results.minCohort);
  const figure = (value: number | null, format: (v: number) => string) => (value === null ? hidden : format(value));
  const offerOf = (id: string) => activity.experiences.find((e) => e.id === id)?.offer;
  return (
    <TableScroll label={'Resultats per experiència'}>
      <table className="report-table">
        <caption className="visually-hidden">Resultats per experiència</caption>
        <thead>
          <tr>
            <th scope="col">Experiència</th>
            <th scope="col">Previsualització</th>
            <th scope="col" className="numeric">
              Visitants
            </th>
            <th scope="col" className="numeric">
              Conversions
            </th>
            <th scope="col" className="numeric">
              Taxa de conversió
            </th>
            <th scope="col" className="numeric">
              Diferència amb el control (IC 95 %)
            </th>
            <th scope="col" className="numeric">
              Millora (IC 95 %)
            </th>
            <th scope="col" className="numeric">
              Valor p
            </th>
            <th scope="col" className="numeric">
              Probabilitat de superar el control
            </th>
          </tr>
        </thead>
        <tbody>
          {results.experiences.map((experience) => (
            <tr key={experience.id}>
              <th scope="row">
                {experience.name}
                {experience.control && <span className="control-mark"> (control)</span>}
              </th>
              <td className="results-table__preview">
                {offerOf(experience.id) === undefined ? (
                  <span className="admin-note">Sense oferta</span>
                ) : (
                  <PreviewButton activity={activity} experienceId={experience.id} experienceName={experience.name} />
                )}
              </td>
              <td className="numeric">{figure(experience.visitors, formatVisitors)}</td>
              <td className="numeric">{figure(experience.conversions, formatVisitors)}</td>
              <td className="numeric">{figure(experience.conversionRate, formatRate)}</td>
              {comparisonCells(experience).map((cell) => (
                <td key={cell.column} className="numeric">
                  {cell.text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td className="numeric">{figure(results.totals.visitors, formatVisitors)}</td>
            <td className="numeric">{figure(results.totals.conversions, formatVisitors)}</td>
            <td colSpan={5} />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
