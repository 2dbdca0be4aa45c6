import { useEffect, useId, useState } from 'react';
import type { KeyFigure, KeyFiguresAnswer } from '@mesura/protocol';
import type { ApiFailure } from '../api/api-answer';
import { apiFailureMessage } from '../api/failure-message';
import { formatRange } from '../reports/format';
import { dayIn } from '../reports/date-range';
import { formatChange, formatMetric } from './format-metric';
import { KEY_FIGURE_AREAS, keyFiguresQuery } from './key-figures-api';
import { useKeyFiguresApi } from './key-figures-api-context';
import { changeOf } from './report-columns';
import { FILTER_LABELS } from './report-state';
import { Sparkline } from './sparkline';
import { useReportState } from './use-report-state';

type Load = { status: 'loading'; shown?: KeyFiguresAnswer } | { status: 'failed'; failure: ApiFailure } | { status: 'shown'; answer: KeyFiguresAnswer };

/**
 * The area's key figures on top of its reports: each figure of the URL's period, its change from
 * the previous period of the same length, and its trend day by day. They follow the filters and
 * segment the reports below follow; an area the server gives no figures shows none.
 */
export function KeyFigures({ area }: { area: string }) {
  const api = useKeyFiguresApi();
  const [state] = useReportState();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const wanted = KEY_FIGURE_AREAS.includes(area);
  const headingId = `xifres-clau-${useId().replaceAll(':', '')}`;
  const query = keyFiguresQuery(state);

  // biome-ignore lint/correctness/useExhaustiveDependencies(attempt): "Torna-ho a provar" counts up `attempt` to ask again.
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    setLoad((before) => ({ status: 'loading', ...(before.status === 'shown' && { shown: before.answer }) }));
    void api.keyFigures(area, query, controller.signal).then((result) => {
      if (!controller.signal.aborted) setLoad(result.ok ? { status: 'shown', answer: result.value } : { status: 'failed', failure: result.failure });
    });
    return () => controller.abort();
  }, [api, area, query, wanted, attempt]);

  if (!wanted) return null;
  const answer = load.status === 'shown' ? load.answer : load.status === 'loading' ? load.shown : undefined;
  return (
    // A region named by its first line rather than a heading: the area's headings are its reports'.
    <section className="key-figures" aria-labelledby={headingId} aria-busy={load.status === 'loading'}>
      <p id={headingId} className="key-figures__heading">
        Xifres clau
        {answer && (
          <span className="key-figures__period">
            {' '}
            · {formatRange(answer)}, comparat amb {formatRange(answer.compare)}
          </span>
        )}
      </p>
      {load.status === 'loading' && !answer && (
        <p className="panel__note" role="status">
          S'estan carregant les xifres clau…
        </p>
      )}
      {load.status === 'failed' && (
        // Said politely: the reports below may still load, and their own failures are the alerts.
        <div role="status">
          <p className="panel__error">No s'han pogut carregar les xifres clau. {apiFailureMessage(load.failure)}</p>
          <button type="button" className="button button--quiet" onClick={() => setAttempt(attempt + 1)}>
            Torna a carregar les xifres clau
          </button>
        </div>
      )}
      {answer && (
        <ul className={`key-figures__list${load.status === 'loading' ? ' panel__stale' : ''}`}>
          {answer.figures.map((figure) => (
            <KeyFigureItem key={figure.key} figure={figure} minCohort={answer.minCohort} lastPartial={answer.to === dayIn(new Date())} />
          ))}
        </ul>
      )}
      {answer?.ignoredFilters && <p className="panel__note">Algunes xifres no es poden filtrar per: {answer.ignoredFilters.map((dimension) => FILTER_LABELS[dimension]).join(', ')}.</p>}
      {answer?.ignoredSegment && <p className="panel__note">Algunes xifres no poden aplicar el segment: les seves dades no guarden el visitant.</p>}
    </section>
  );
}

function KeyFigureItem({ figure, minCohort, lastPartial }: { figure: KeyFigure; minCohort: number; lastPartial: boolean }) {
  const hidden = `< ${minCohort}`;
  const value = figure.hidden ? hidden : formatMetric(figure.value, figure.format);
  const previous = figure.previousHidden ? hidden : formatMetric(figure.previous, figure.format);
  const change = changeOf(figure.value, figure.previous);
  const direction = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  return (
    <li className="key-figure">
      <span className="key-figure__label">
        {figure.label}
        {figure.approximate && <abbr title="aproximat"> (aprox.)</abbr>}
      </span>
      <span className="key-figure__value">{value}</span>
      <span className={`key-figure__change key-figure__change--${direction}`}>
        {change === null ? 'Sense comparació' : formatChange(change)}
        {/* No earlier figure at all (a ratio over no visits): nothing to say it was. */}
        {(figure.previous !== null || figure.previousHidden) && <span className="key-figure__previous"> (abans {previous})</span>}
      </span>
      <Sparkline values={figure.series} lastPartial={lastPartial} />
    </li>
  );
}
