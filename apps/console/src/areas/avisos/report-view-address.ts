/**
 * The console address of a report view a subscription names: the chosen report of the catalogue in
 * its area, with the filters, segment and report parameters of an address pasted from the browser
 * (the period is the mail's own). The server checks it again (subscriptions/console-report-view.ts).
 */
import { CONSOLE_AREA_PATHS, CONSOLE_BASE_PATH } from '@mesura/protocol';

const PLACEHOLDER_ORIGIN = 'http://console.invalid';

/** The address, or undefined when the pasted one cannot be read as an address. */
export function reportViewAddress(report: string, area: string, pasted: string): string | undefined {
  const query = new URLSearchParams({ informe: report });
  if (pasted.trim() !== '') {
    let url: URL;
    try {
      url = new URL(pasted.trim(), PLACEHOLDER_ORIGIN);
    } catch {
      return undefined;
    }
    for (const [key, value] of url.searchParams) if (key === 'f' || key === 's' || key.startsWith('p.')) query.append(key, value);
  }
  return `${CONSOLE_BASE_PATH}/${CONSOLE_AREA_PATHS[area] ?? area}/?${query.toString()}`;
}
