/**
 * One tile of a dashboard: its report drawn by the console's own ReportView, over the tile's own
 * period, filters and segment (report-state-override.ts) rather than the page's address, with the
 * buttons that move it and remove it, and, where it may be rearranged, its drag handle
 * (sortable-tiles.tsx).
 */
import { type CSSProperties, type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FILTER_LABELS, PRESET_LABELS, type RangePreset } from '../../report-view/report-state';
import { ReportStateOverrideContext } from '../../report-view/report-state-override';
import { ReportView } from '../../report-view/report-view';
import type { DashboardTile as Tile, TilePeriod } from './dashboards-api';

const CONSOLE_PREFIX = '/consola';

export function periodLabel(period: TilePeriod): string {
  return 'preset' in period ? (PRESET_LABELS[period.preset as RangePreset] ?? period.preset) : `${period.from} – ${period.to}`;
}

/** The tile's period, filters and segment in a line: what its figures cover. */
function coverageLabel(tile: Tile): string {
  const filters = (tile.filters ?? []).map((filter) => `${FILTER_LABELS[filter.dimension]}: ${filter.value}`);
  return [periodLabel(tile.period), ...filters, ...(tile.segment ? [`Segment: ${tile.segment}`] : [])].join(' · ');
}

interface TileActions {
  onMove?: (direction: 'up' | 'down') => void;
  onRemove?: () => void;
  first: boolean;
  last: boolean;
}

/** What a tile needs to be dragged: its element's ref and moving style, and the handle to show. */
export interface TileDrag {
  ref: (element: HTMLElement | null) => void;
  style: CSSProperties;
  dragging: boolean;
  handle: ReactNode;
}

export interface DashboardTileProps {
  tile: Tile;
  actions: TileActions;
  drag?: TileDrag;
}

export function DashboardTile({ tile, actions, drag }: DashboardTileProps) {
  const start = tile.address ?? '';
  const [params, setParams] = useState(() => new URLSearchParams(start.slice(start.indexOf('?') + 1)));
  const override = useMemo(() => ({ params, setParams }), [params]);
  const name = tile.title ?? tile.view;
  return (
    <li className={drag?.dragging ? 'dashboard-tile dashboard-tile--dragging' : 'dashboard-tile'} ref={drag?.ref} style={drag?.style}>
      <div className="dashboard-tile__bar">
        <span className="dashboard-tile__period">{coverageLabel(tile)}</span>
        {drag?.handle}
        {tile.address && (
          <Link to={tile.address.slice(CONSOLE_PREFIX.length)} aria-label={`Obre l'informe ${name}`}>
            Obre l'informe
          </Link>
        )}
        {actions.onMove && (
          <>
            <button type="button" className="button button--quiet" disabled={actions.first} onClick={() => actions.onMove?.('up')} aria-label={`Puja ${name}`}>
              Puja
            </button>
            <button type="button" className="button button--quiet" disabled={actions.last} onClick={() => actions.onMove?.('down')} aria-label={`Baixa ${name}`}>
              Baixa
            </button>
          </>
        )}
        {actions.onRemove && (
          <button type="button" className="button button--quiet" onClick={actions.onRemove} aria-label={`Treu ${name} del tauler`}>
            Treu
          </button>
        )}
      </div>
      {tile.report && tile.title ? (
        <ReportStateOverrideContext.Provider value={override}>
          <ReportView report={tile.report} title={tile.title} params={tile.params ?? {}} />
        </ReportStateOverrideContext.Provider>
      ) : (
        <p className="panel__error">Aquest informe ja no es pot mostrar: {tile.problem}</p>
      )}
    </li>
  );
}
