/**
 * The period a tile shows: a preset of the console's filter bar, relative to the day it is opened
 * (apps/console report-state.ts RANGE_PRESETS), or the two fixed days the person chose. Read from
 * the view's console address (`periode=`, else `des=` and `fins=`), as the console writes it.
 */
import type { Result } from '@mesura/protocol';

export const TILE_PRESETS = ['avui', 'ahir', '7-dies', '30-dies', 'aquest-mes', 'mes-passat'] as const;
export type TilePreset = (typeof TILE_PRESETS)[number];

export type TilePeriod = { preset: TilePreset } | { from: string; to: string };

/** The console's own default when an address names no period. */
const DEFAULT_PRESET: TilePreset = '7-dies';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
const isPreset = (value: unknown): value is TilePreset => typeof value === 'string' && (TILE_PRESETS as readonly string[]).includes(value);

export function tilePeriodOf(query: URLSearchParams): Result<TilePeriod> {
  const preset = query.get('periode');
  if (preset !== null) return isPreset(preset) ? { ok: true, value: { preset } } : { ok: false, reason: `periode must be one of ${TILE_PRESETS.join(', ')}` };
  const from = query.get('des');
  const to = query.get('fins');
  if (from === null && to === null) return { ok: true, value: { preset: DEFAULT_PRESET } };
  if (!isDay(from) || !isDay(to) || from > to) return { ok: false, reason: 'des and fins must be days written YYYY-MM-DD, des not after fins' };
  return { ok: true, value: { from, to } };
}

/** A stored period, or undefined when it no longer reads as one. */
export function storedTilePeriodOf(stored: unknown): TilePeriod | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const row = stored as Record<string, unknown>;
  if (isPreset(row.preset)) return { preset: row.preset };
  if (isDay(row.from) && isDay(row.to) && row.from <= row.to) return { from: row.from, to: row.to };
  return undefined;
}

/** The period's keys of a console address, for the console to open the tile with. */
export function tilePeriodQuery(period: TilePeriod): string {
  return 'preset' in period ? `periode=${period.preset}` : `des=${period.from}&fins=${period.to}`;
}
