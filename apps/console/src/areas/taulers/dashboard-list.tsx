/**
 * «Taulers»: the person's own dashboard and the team's shared ones, a form to make a shared one,
 * and deletion of those the person may change.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiFailureMessage } from '../../api/failure-message';
import { useLoaded } from '../administracio/use-loaded';
import { dashboardsApi } from './dashboards-api';
import { TAULERS_PATH } from './taulers-paths';

export function DashboardList() {
  const loaded = useLoaded(useCallback((signal?: AbortSignal) => dashboardsApi.list(signal), []));
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const nameId = useId();
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dashboardsApi.create(name);
    if (!result.ok) return setProblem(apiFailureMessage(result.failure));
    setName('');
    setProblem(undefined);
    await loaded.reload();
  };
  const remove = async (id: string) => {
    const result = await dashboardsApi.remove(id);
    if (!result.ok) return setProblem(apiFailureMessage(result.failure));
    await loaded.reload();
  };
  return (
    <>
      <title>Taulers · Mesura · Consola</title>
      <div className="page-heading">
        <h1>Taulers</h1>
      </div>
      <section className="panel" aria-labelledby="taulers-llista">
        <h2 id="taulers-llista">Els taulers</h2>
        {loaded.state.status === 'loading' && <p role="status">S'està carregant…</p>}
        {loaded.state.status === 'failed' && <p role="alert">No s'han pogut carregar els taulers. {apiFailureMessage(loaded.state.failure)}</p>}
        {loaded.state.status === 'ready' && (
          <ul className="dashboard-list">
            {loaded.state.value.map((d) => (
              <li key={d.id}>
                <Link to={`${TAULERS_PATH}/${d.id}`}>{d.name}</Link>{' '}
                <span className="panel__note">
                  {d.kind === 'home' ? 'Només per a tu' : `Compartit · ${d.owner}`} · {d.tileCount} informes
                </span>
                {d.kind === 'shared' && d.mayChange && (
                  <button type="button" className="button button--quiet" onClick={() => void remove(d.id)} aria-label={`Esborra el tauler ${d.name}`}>
                    Esborra
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-labelledby="taulers-nou">
        <h2 id="taulers-nou">Nou tauler compartit</h2>
        <form onSubmit={(event) => void create(event)}>
          <label htmlFor={nameId}>Nom</label> <input id={nameId} value={name} maxLength={80} required onChange={(event) => setName(event.target.value)} />{' '}
          <button type="submit" className="button">
            Crea el tauler
          </button>
        </form>
        {problem && <p role="alert">{problem}</p>}
      </section>
    </>
  );
}
