import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { useLoaded } from '../administracio/use-loaded';
import { draftOf, emptyDraft } from './activity-draft';
import { ActivityForm } from './activity-form';
import { useExperimentsApi } from './experiments-api-context';
import { EXPERIMENTS_AREA_PATH, activityPath } from './experiment-paths';
import { LoadFailure } from './load-failure';

/** Nou experiment (/experiments/nou/) or Edita (/experiments/:id/edita/): the form, over the stored activity when editing. */
export function ActivityFormPage() {
  const { id } = useParams();
  return id === undefined ? <NewActivityPage /> : <EditActivityPage id={id} />;
}

function NewActivityPage() {
  return (
    <>
      <title>Nou experiment · Experiments · Mesura · Consola</title>
      <p>
        <Link to={EXPERIMENTS_AREA_PATH}>← Tots els experiments</Link>
      </p>
      <h1>Nou experiment</h1>
      <p className="page-intro">Es desa com a esborrany: ningú no el veu fins que l'inicieu des de la pàgina de resultats.</p>
      <ActivityForm before={undefined} initial={emptyDraft()} />
    </>
  );
}

function EditActivityPage({ id }: { id: string }) {
  const api = useExperimentsApi();
  const activity = useLoaded(useCallback((signal?: AbortSignal) => api.activity(id, signal), [api, id]));
  return (
    <>
      <title>Edita l'experiment · Experiments · Mesura · Consola</title>
      <p>
        <Link to={activityPath(id)}>← Resultats de l'experiment</Link>
      </p>
      <h1>Edita {activity.state.status === 'ready' ? `«${activity.state.value.name}»` : "l'experiment"}</h1>
      {activity.state.status === 'loading' && (
        <p className="panel__note" role="status">
          S'està carregant l'activitat…
        </p>
      )}
      {activity.state.status === 'failed' && <LoadFailure what="No s'ha pogut llegir l'activitat." failure={activity.state.failure} onRetry={() => void activity.reload()} />}
      {activity.state.status === 'ready' && <ActivityForm key={activity.state.value.id} before={activity.state.value} initial={draftOf(activity.state.value)} />}
    </>
  );
}
