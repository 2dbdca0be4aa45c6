import type { ActivityResults } from '@mesura/protocol';
import { hiddenFigure } from './results-format';

/**
 * Why an experience's figures read «< N», said once under the results rather than guessed from each
 * cell. Unlike a ranking's rows, hidden experiences are not added up into «Altres»: each one is
 * compared with the control, and a sum of variants is no experience to compare
 * (docs/experiment-statistics.md "Minimum cohort").
 */
export function HiddenExperiencesNote({ results }: { results: Pick<ActivityResults, 'experiences' | 'totals' | 'minCohort'> }) {
  const hidden = results.experiences.filter((experience) => experience.hidden).length;
  if (hidden === 0 && !results.totals.hidden) return null;
  const figure = hiddenFigure(results.minCohort);
  return (
    <p className="panel__note">
      Les xifres de menys de {results.minCohort} visitants es mostren com a «{figure}», perquè no identifiquin ningú, i aquestes experiències no es comparen amb el control.
      {hidden >= 2 && ' No se sumen en una fila «Altres»: cada experiència es compara amb el control, i una suma de variants no és cap experiència.'}
    </p>
  );
}
