import type { Activity, ActivityResults } from '@mesura/protocol';
import { HiddenExperiencesNote } from './hidden-experiences-note';
import { PreviewButton } from './preview-button';
import { formatRate, formatVisitors, hiddenFigure } from './results-format';
import { TableScroll } from '../../components/table-scroll';

interface ResultsTableProps {
  activity: Activity;
  results: ActivityResults;
  /** The page the previews open. */
  previewPath: string;
}

/**
 * One row per experience: its preview, visitors, conversions and rate; the comparisons with the
 * control are results-comparison-table.tsx's. The preview comes right after the experience's name,
 * in view on a narrow screen before the table is scrolled sideways (TableScroll).
 */
export function ResultsTable({ activity, results, previewPath }: ResultsTableProps) {
  const hidden = hiddenFigure(results.minCohort);
  const figure = (value: number | null, format: (v: number) => string) => (value === null ? hidden : format(value));
  const offerOf = (id: string) => activity.experiences.find((e) => e.id === id)?.offer;
  return (
    <>
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
                    <PreviewButton activity={activity} experienceId={experience.id} experienceName={experience.name} path={previewPath} />
                  )}
                </td>
                <td className="numeric">{figure(experience.visitors, formatVisitors)}</td>
                <td className="numeric">{figure(experience.conversions, formatVisitors)}</td>
                <td className="numeric">{figure(experience.conversionRate, formatRate)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td />
              <td className="numeric">{figure(results.totals.visitors, formatVisitors)}</td>
              <td className="numeric">{figure(results.totals.conversions, formatVisitors)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <HiddenExperiencesNote results={results} />
    </>
  );
}
