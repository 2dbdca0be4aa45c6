import type { ReportCatalogueEntry } from '@mesura/protocol';

/**
 * The parameters a drill-down was opened with (a section, a programme), to name in its title: those
 * the report offers a control for show in the control instead.
 */
export function openedWith(entry: ReportCatalogueEntry, params: Record<string, string>): Record<string, string> {
  const controlled = new Set((entry.controls ?? []).map((control) => control.name));
  return Object.fromEntries(Object.entries(params).filter(([name]) => !controlled.has(name)));
}
