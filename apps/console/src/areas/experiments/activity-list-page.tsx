import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACTIVITY_STATUSES, type ActivityStatus } from '@mesura/protocol';
import { useLoaded } from '../administracio/use-loaded';
import { ActivityTable } from './activity-table';
import { useExperimentsApi } from './experiments-api-context';
import { STATUS_LABELS } from './experiment-labels';
import { newActivityPath } from './experiment-paths';
import { LoadFailure } from './load-failure';

/** The URL parameter of the state filter (`?estat=active`); none lists every activity. */
const STATE_PARAM = 'estat';

/** Experiments: every activity with its type, state, pages, goal and trust mark, filtered by state. */
export function ActivityListPage() {
  const api = useExperimentsApi();
  const activities = useLoaded(useCallback((signal?: AbortSignal) => api.listActivities(signal), [api]));
  // The site's goals name the site goals activities convert on; until read (or if not), their ids do.
  const siteGoals = useLoaded(useCallback((signal?: AbortSignal) => api.siteGoals(signal), [api]));
  const [params, setParams] = useSearchParams();
  const chosen = params.get(STATE_PARAM);
  const state = ACTIVITY_STATUSES.includes(chosen as ActivityStatus) ? (chosen as ActivityStatus) : undefined;
  const all = activities.state.status === 'ready' ? activities.state.value : [];
  const shown = state === undefined ? all : all.filter((a) => a.status === state);

  const choose = (next: ActivityStatus | undefined) => setParams(next === undefined ? {} : { [STATE_PARAM]: next });

  return (
    <>
      <title>Experiments · Mesura · Consola</title>
      <div className="page-heading">
        <h1>Experiments</h1>
        <Link className="button" to={newActivityPath()}>
          Nou experiment
        </Link>
      </div>
      <p className="page-intro">Les proves A/B i les segmentacions del web: què mostra cada experiència, a quines pàgines, i quants visitants hi converteixen.</p>
      <section className="panel" aria-labelledby="activities-heading" aria-busy={activities.state.status === 'loading'}>
        <h2 id="activities-heading">Activitats</h2>
        <fieldset className="report-controls__presets" aria-label="Estat">
          <button type="button" className="button button--quiet" aria-pressed={state === undefined} onClick={() => choose(undefined)}>
            Tots ({all.length})
          </button>
          {ACTIVITY_STATUSES.map((status) => (
            <button key={status} type="button" className="button button--quiet" aria-pressed={state === status} onClick={() => choose(status)}>
              {STATUS_LABELS[status]} ({all.filter((a) => a.status === status).length})
            </button>
          ))}
        </fieldset>
        {activities.state.status === 'loading' && <p className="panel__note">S'estan carregant les activitats…</p>}
        {activities.state.status === 'failed' && <LoadFailure what="No s'han pogut llegir les activitats." failure={activities.state.failure} onRetry={() => void activities.reload()} />}
        {activities.state.status === 'ready' && shown.length === 0 && (
          <p className="panel__note">{state === undefined ? 'Encara no hi ha cap activitat.' : `No hi ha cap activitat en estat «${STATUS_LABELS[state]}».`}</p>
        )}
        {shown.length > 0 && (
          <ActivityTable
            activities={shown}
            siteGoals={siteGoals.state.status === 'ready' ? siteGoals.state.value : []}
            caption={`Activitats${state === undefined ? '' : ` en estat «${STATUS_LABELS[state]}»`}`}
          />
        )}
      </section>
    </>
  );
}
