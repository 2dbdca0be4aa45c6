import type { ReportAnswer } from '@mesura/protocol';

/**
 * What the minimum cohort hid in an answer, and why, said once under the report rather than
 * guessed from each «< N»: the rows added up into «Altres», or the cells still shown hidden.
 */
export function CohortNote({ answer }: { answer: ReportAnswer }) {
  const { minCohort, othersRows } = answer;
  const hiddenCells = answer.rows.some((row) => row.hidden || row.previousHidden) || answer.totals.hidden === true || answer.totals.previousHidden === true;
  if (othersRows) {
    return (
      <p className="panel__note">
        {othersRows} files amb menys de {minCohort} visitants se sumen a «Altres», perquè cap xifra no identifiqui ningú.
        {hiddenCells && ` Les xifres que encara compten menys de ${minCohort} visitants es mostren com a «< ${minCohort}».`}
      </p>
    );
  }
  if (!hiddenCells) return null;
  return (
    <p className="panel__note">
      Les xifres de menys de {minCohort} visitants es mostren com a «&lt; {minCohort}», perquè no identifiquin ningú.
    </p>
  );
}

/** How many of the ranking's rows the answer covers: its rows, with the row of others standing for those it adds up. */
export function coveredRows(answer: Pick<ReportAnswer, 'rows' | 'othersRows'>): number {
  return answer.rows.length + (answer.othersRows ? answer.othersRows - 1 : 0);
}
