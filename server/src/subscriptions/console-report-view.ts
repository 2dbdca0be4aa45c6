/**
 * A report view as the console's address names it (`/consola/contingut/?informe=content/pages&f=section:esports&s=lectors`):
 * which report of the catalogue, its filters, its segment and its own parameters. A subscription
 * keeps one, so it is read here as any request is: the report must be in the catalogue and in the
 * area the path names, every filter and parameter is checked by the reports' own parser, and
 * anything else is refused. The period, comparison and chart of the address are the screen's and
 * are left out: a mail covers its own period.
 */
import { CONSOLE_AREA_PATHS, CONSOLE_BASE_PATH, type ReportFilter, type Result } from '@mesura/protocol';
import type { ReportDefinition } from '../reports/report-definition.js';
import { parseReportRequest } from '../reports/report-request.js';
import { VIEW_URL_MAX_CHARS } from './subscription-limits.js';

/** The screen's own keys of a view's address, which a mail does not keep. */
const SCREEN_KEYS = new Set(['periode', 'des', 'fins', 'compara', 'vista', 'vs']);
const PLACEHOLDER_ORIGIN = 'http://console.invalid';
const AREA_PATH = /^(?:\/consola)?\/([a-z-]{1,40})\/?$/;

export interface ReportView {
  report: string;
  filters: ReportFilter[];
  segmentId?: string;
  params: Record<string, string>;
}

export function parseReportView(value: unknown, catalogue: readonly ReportDefinition[]): Result<{ view: ReportView; definition: ReportDefinition }> {
  if (typeof value !== 'string' || value.length === 0) return fail('view must be the console address of a report');
  if (value.length > VIEW_URL_MAX_CHARS) return fail(`view is longer than ${VIEW_URL_MAX_CHARS} characters`);
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fail('view is not an address');
  }
  // A path of the console only: an absolute address to anywhere else is no view of it.
  if (url.origin !== PLACEHOLDER_ORIGIN && !/^https?:$/.test(url.protocol)) return fail('view must be an address of the console');
  const areaPath = AREA_PATH.exec(url.pathname)?.[1];
  if (areaPath === undefined) return fail('view must be the address of a console area, such as /consola/contingut/?informe=content/pages');
  const report = url.searchParams.get('informe');
  const definition = catalogue.find((d) => d.report === report);
  if (definition === undefined) return fail('view must name a report of the catalogue (informe=area/name)');
  if (CONSOLE_AREA_PATHS[definition.area] !== areaPath) return fail(`the report ${definition.report} is not in the area /${areaPath}/`);
  const raw: Record<string, string | string[]> = { from: '2000-01-01', to: '2000-01-01' };
  for (const [key, text] of url.searchParams) {
    if (key === 'informe' || SCREEN_KEYS.has(key)) continue;
    const name = key.startsWith('p.') ? key.slice(2) : key;
    if (name !== 'f' && name !== 's' && !key.startsWith('p.')) return fail(`view has an unknown parameter '${key}'`);
    const before = raw[name];
    raw[name] = before === undefined ? text : [...(Array.isArray(before) ? before : [before]), text];
  }
  const request = parseReportRequest(raw, 'mesura', definition.params);
  if (!request.ok) return fail(`view: ${request.reason}`);
  const { filters, segmentId, params } = request.value;
  return { ok: true, value: { definition, view: { report: definition.report, filters, ...(segmentId !== undefined && { segmentId }), params } } };
}

/** The console's address of the view over a period, at `origin` (the server's public address). */
export function reportViewLink(origin: string, view: ReportView, period: { from: string; to: string }): string {
  const area = CONSOLE_AREA_PATHS[view.report.slice(0, view.report.indexOf('/'))] ?? '';
  const query = new URLSearchParams({ informe: view.report, des: period.from, fins: period.to, compara: '1' });
  for (const filter of view.filters) query.append('f', `${filter.dimension}:${filter.value}`);
  if (view.segmentId !== undefined) query.set('s', view.segmentId);
  for (const [name, text] of Object.entries(view.params)) query.set(`p.${name}`, text);
  return `${origin}${CONSOLE_BASE_PATH}/${area}/?${query.toString()}`;
}

/** The view's own address, as the console opens it (no period: the screen's default). */
export function reportViewPath(view: ReportView): string {
  return reportViewLink('', view, { from: '', to: '' }).replace(/&?des=&fins=&compara=1/, '');
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
