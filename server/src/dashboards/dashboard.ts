/**
 * A dashboard as stored: a person's home dashboard («El meu tauler», one each, seen by them only)
 * or a team's shared one (named, seen by every signed-in person, changed by its author or an
 * admin), with its tiles in the order shown. A tile is a report view (a console address, read
 * again by console-report-view.ts whenever it is used: a stored text is trusted no more than a
 * request) and its period (tile-period.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Result } from '@mesura/protocol';
import type { DashboardStore } from '../store/dashboard-store.js';
import { DASHBOARD_NAME_MAX_CHARS } from './dashboard-limits.js';
import { storedTilePeriodOf, type TilePeriod } from './tile-period.js';

export type DashboardKind = 'home' | 'shared';

export interface DashboardTile {
  id: string;
  view: string;
  period: TilePeriod;
}

export interface Dashboard {
  id: string;
  kind: DashboardKind;
  /** The author's account e-mail (the home dashboard's person). */
  owner: string;
  name: string;
  tiles: DashboardTile[];
  /** ISO 8601. */
  updatedAt: string;
}

/** Bytes of a new dashboard's or tile's id: 16 hex characters. */
const ID_BYTES = 8;
export const DASHBOARD_ID = /^[0-9a-f]{16}$/;
export const newDashboardId = (): string => randomBytes(ID_BYTES).toString('hex');
/** The home dashboard's name, as the console shows it. */
export const HOME_DASHBOARD_NAME = 'El meu tauler';
/** Printable characters only: a name is shown as text, but a control character is never meant. */
const CONTROL = /[\u0000-\u001f\u007f]/;

export function parseDashboardName(value: unknown): Result<string> {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, reason: 'name must be a non-empty text' };
  const name = value.trim();
  if (name.length > DASHBOARD_NAME_MAX_CHARS) return { ok: false, reason: `name is longer than ${DASHBOARD_NAME_MAX_CHARS} characters` };
  if (CONTROL.test(name)) return { ok: false, reason: 'name must not hold control characters' };
  return { ok: true, value: name };
}

function storedTileOf(stored: unknown): DashboardTile | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const row = stored as Record<string, unknown>;
  const period = storedTilePeriodOf(row.period);
  if (typeof row.id !== 'string' || typeof row.view !== 'string' || period === undefined) return undefined;
  return { id: row.id, view: row.view, period };
}

/** A stored row as a dashboard, or undefined when it no longer reads as one. */
export function storedDashboardOf(stored: unknown): Dashboard | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const row = stored as Record<string, unknown>;
  if (typeof row.id !== 'string' || (row.kind !== 'home' && row.kind !== 'shared') || typeof row.owner !== 'string' || typeof row.name !== 'string') return undefined;
  if (typeof row.updatedAt !== 'string' || !Array.isArray(row.tiles)) return undefined;
  return { id: row.id, kind: row.kind, owner: row.owner, name: row.name, tiles: row.tiles.flatMap((tile) => storedTileOf(tile) ?? []), updatedAt: row.updatedAt };
}

export async function allDashboards(store: Pick<DashboardStore, 'dashboards'>): Promise<Dashboard[]> {
  return (await store.dashboards()).flatMap((stored) => storedDashboardOf(stored) ?? []);
}
