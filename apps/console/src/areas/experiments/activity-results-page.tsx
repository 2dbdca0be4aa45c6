import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import type { Activity } from '@mesura/protocol';
import { useLoaded } from '../administracio/use-loaded';
import { ConversionOverTime } from './conversion-over-time';
import { useExperimentsApi } from './experiments-api-context';
import { TYPE_LABELS, goalLabel } from './experiment-labels';
import { EXPERIMENTS_AREA_PATH, editActivityPath } from './experiment-paths';
import { HistoryPanel } from './history-panel';
import { LoadFailure } from './load-failure';
import { ResultsPanel } from './results-panel';
import { StatusActions } from './status-actions';

/** One activity: its state and actions, its results, their evolution, previews and the history of changes. */
export function ActivityResultsPage() {
  const { id = '' } = useParams();
  const api = useExperimentsApi();
  const activity = useLoaded(useCallback((signal?: AbortSignal) => api.activity(id, signal), [api, id]));
  const history = useLoaded(useCallback((signal?: AbortSignal) => api.history(id, signal), [api, id]));
  // The site's goals name a site goal the activity converts on; without them it is named by its id.
  const siteGoals = useLoaded(useCallback((signal?: AbortSignal) => api.siteGoals(signal), [api]));

  async function changed(_next: Activity) {
    await Promise.all([activity.reload(), history.reload()]);
  }

  if (activity.state.status === 'loading')
    return (
      <p className="panel__note" role="status">
        S'està carregant l'activitat…
      </p>
    );
  if (activity.state.status === 'failed') {
    const failure = activity.state.failure;
    return (
      <>
        <h1>Experiment {id}</h1>
        {failure.reason === 'rejected' && failure.status === 404 ? (
          <p className="panel__error" role="alert">
            No hi ha cap activitat amb l'identificador «{id}». <Link to={EXPERIMENTS_AREA_PATH}>Torna a la llista</Link>
          </p>
        ) : (
          <LoadFailure what="No s'ha pogut llegir l'activitat." failure={failure} onRetry={() => void activity.reload()} />
        )}
      </>
    );
  }
  const current = activity.state.value;
  return (
    <>
      <title>{`${current.name} · Experiments · Mesura · Consola`}</title>
      <p>
        <Link to={EXPERIMENTS_AREA_PATH}>← Tots els experiments</Link>
      </p>
      <div className="page-heading">
        <h1>{current.name}</h1>
        <Link className="button button--quiet" to={editActivityPath(current.id)}>
          Edita
        </Link>
      </div>
      <p className="page-intro">
        {TYPE_LABELS[current.type]} · {current.audience?.path?.prefix ?? 'totes les pàgines'} · objectiu: {goalLabel(current.goal, siteGoals.state.status === 'ready' ? siteGoals.state.value : [])}
        {current.trusted === true ? ' · de confiança' : ''}
      </p>
      <StatusActions activity={current} onChanged={changed} />
      <ResultsPanel activity={current} />
      <ConversionOverTime activityId={current.id} experiences={current.experiences} />
      <HistoryPanel history={history.state} onRetry={() => void history.reload()} />
    </>
  );
}
