/**
 * One dashboard: its tiles in order, each a report over its own period, moved up or down and
 * removed by whoever may change the dashboard (its person, its author, an admin), and the whole
 * dashboard mailed to whoever sees it (mail-dashboard.tsx).
 */
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiFailureMessage } from '../../api/failure-message';
import { useLoaded } from '../administracio/use-loaded';
import { dashboardsApi, HOME_DASHBOARD_ID, type Dashboard } from './dashboards-api';
import { DashboardTile } from './dashboard-tile';
import { MailDashboard } from './mail-dashboard';
import { TAULERS_PATH } from './taulers-paths';

export function DashboardPage() {
  const id = useParams().id ?? HOME_DASHBOARD_ID;
  const loaded = useLoaded(useCallback((signal?: AbortSignal) => dashboardsApi.dashboard(id, signal), [id]));
  if (loaded.state.status === 'loading') return <p role="status">S'està carregant…</p>;
  if (loaded.state.status === 'failed') return <p role="alert">No s'ha pogut carregar el tauler. {apiFailureMessage(loaded.state.failure)}</p>;
  return <DashboardTiles key={id} initial={loaded.state.value} />;
}

/** What the live region says after a move: which report, and where it is now (for a screen reader, which sees no order change). */
function positionSaid(dashboard: Dashboard, tileId: string, direction: 'up' | 'down'): string {
  const at = dashboard.tiles.findIndex((tile) => tile.id === tileId);
  const title = dashboard.tiles[at]?.title ?? "L'informe";
  return `${direction === 'up' ? "S'ha pujat" : "S'ha baixat"} «${title}»: ara és a la posició ${at + 1} de ${dashboard.tiles.length}.`;
}

function DashboardTiles({ initial }: { initial: Dashboard }) {
  const [dashboard, setDashboard] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState('');
  const move = async (tile: string, direction: 'up' | 'down') => {
    const result = await dashboardsApi.move(dashboard.id, tile, direction);
    if (!result.ok) return setProblem(apiFailureMessage(result.failure));
    setDashboard(result.value);
    setSaid(positionSaid(result.value, tile, direction));
  };
  const remove = async (tile: string) => {
    const result = await dashboardsApi.unpin(dashboard.id, tile);
    if (!result.ok) return setProblem(apiFailureMessage(result.failure));
    setDashboard({ ...dashboard, tiles: dashboard.tiles.filter((t) => t.id !== tile) });
    setSaid("S'ha tret l'informe del tauler.");
  };
  return (
    <>
      <title>{`${dashboard.name} · Taulers · Mesura · Consola`}</title>
      <div className="page-heading">
        <h1>{dashboard.name}</h1>
        <Link to={TAULERS_PATH}>Tots els taulers</Link>
      </div>
      {dashboard.tiles.length > 0 && <MailDashboard id={dashboard.id} name={dashboard.name} />}
      {dashboard.kind === 'shared' && <p className="panel__note">Tauler compartit de {dashboard.owner}.</p>}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {problem && <p role="alert">No s'ha pogut canviar el tauler. {problem}</p>}
      {dashboard.tiles.length === 0 ? (
        <p className="panel__note">Encara no hi ha cap informe. Obre un informe i tria «Fixa al tauler».</p>
      ) : (
        <ol className="dashboard-tiles">
          {dashboard.tiles.map((tile, index) => (
            <DashboardTile
              key={tile.id}
              tile={tile}
              actions={{
                first: index === 0,
                last: index === dashboard.tiles.length - 1,
                ...(dashboard.mayChange && { onMove: (direction) => void move(tile.id, direction), onRemove: () => void remove(tile.id) }),
              }}
            />
          ))}
        </ol>
      )}
    </>
  );
}
