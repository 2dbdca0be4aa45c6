/**
 * One dashboard: its tiles in order, each a report over its own period, dragged to a new place or
 * moved up or down and removed by whoever may change the dashboard (its person, its author, an
 * admin), and the whole dashboard mailed to whoever sees it (mail-dashboard.tsx).
 */
import { arrayMove } from '@dnd-kit/sortable';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiFailureMessage } from '../../api/failure-message';
import { useLoaded } from '../administracio/use-loaded';
import { dashboardsApi, HOME_DASHBOARD_ID, type Dashboard } from './dashboards-api';
import { DashboardTile } from './dashboard-tile';
import { MailDashboard } from './mail-dashboard';
import { SortableDashboardTile, SortableTileList } from './sortable-tiles';
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
  // A drop shows the new order at once (the tile would jump back while the request is under way),
  // then the server's; a refusal puts the order back.
  const drop = async (tile: string, to: number) => {
    const before = dashboard;
    const from = before.tiles.findIndex((t) => t.id === tile);
    setDashboard({ ...before, tiles: arrayMove(before.tiles, from, to) });
    const result = await dashboardsApi.moveTo(before.id, tile, to);
    if (!result.ok) {
      setDashboard(before);
      return setProblem(apiFailureMessage(result.failure));
    }
    setDashboard(result.value);
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
        <TileList dashboard={dashboard} onDrop={(tile, to) => void drop(tile, to)}>
          {dashboard.tiles.map((tile, index) => {
            const actions = {
              first: index === 0,
              last: index === dashboard.tiles.length - 1,
              ...(dashboard.mayChange && { onMove: (direction: 'up' | 'down') => void move(tile.id, direction), onRemove: () => void remove(tile.id) }),
            };
            return dashboard.mayChange ? <SortableDashboardTile key={tile.id} tile={tile} actions={actions} /> : <DashboardTile key={tile.id} tile={tile} actions={actions} />;
          })}
        </TileList>
      )}
    </>
  );
}

/** The tiles' list: one that may be rearranged by dragging where the person may change the dashboard. */
function TileList({ dashboard, onDrop, children }: { dashboard: Dashboard; onDrop: (tile: string, to: number) => void; children: ReactNode }) {
  if (!dashboard.mayChange) return <ol className="dashboard-tiles">{children}</ol>;
  const titleOf = (id: string) => {
    const tile = dashboard.tiles.find((t) => t.id === id);
    return tile?.title ?? tile?.view ?? id;
  };
  return (
    <SortableTileList order={dashboard.tiles.map((tile) => tile.id)} titleOf={titleOf} onDrop={onDrop}>
      {children}
    </SortableTileList>
  );
}
