/** The mail of a fired alert: which figure, which window, its value and the range it left, and a link to the console's list. */
import { CONSOLE_BASE_PATH } from '@mesura/protocol';
import type { Mail } from '../mail/mailer.js';
import { FILTER_NAMES } from '../subscriptions/filter-names.js';
import { html } from '../subscriptions/html-text.js';
import { metricText } from '../subscriptions/metric-text.js';
import { ALERT_FIGURES } from './alert-figures.js';
import { ALERT_HISTORY_WEEKS } from './expected-range.js';
import type { FiredAlert } from './alert-rule.js';

/** The console's page of the alerts (apps/console areas/avisos). */
export const ALERTS_CONSOLE_PATH = `${CONSOLE_BASE_PATH}/avisos/`;

const windowText = (alert: FiredAlert, timeZone: string) => {
  if (alert.from.length === 10) return `el dia ${alert.from}`;
  const format = new Intl.DateTimeFormat('ca', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  return `de ${format.format(new Date(alert.from))} a ${new Intl.DateTimeFormat('ca', { timeZone, timeStyle: 'short' }).format(new Date(alert.to))}`;
};

export function alertMail(alert: FiredAlert, consoleOrigin: string, timeZone: string): Mail {
  const figure = ALERT_FIGURES[alert.figure];
  const value = metricText(alert.value, figure.format);
  const range = `${metricText(alert.low, figure.format)} – ${metricText(alert.high, figure.format)}`;
  const direction = alert.value > alert.high ? 'per sobre' : 'per sota';
  const narrowed = alert.filters.map((filter) => `${FILTER_NAMES[filter.dimension]}: ${filter.value}`).join(' · ');
  const when = windowText(alert, timeZone);
  const link = `${consoleOrigin}${ALERTS_CONSOLE_PATH}`;
  const subject = `Avís de Mesura: ${figure.label} ${direction} del que s'espera`;
  const body = html`<!doctype html><html lang="ca"><body style="font-family:sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">${figure.label}: ${value}</h1>
<p>${when}${narrowed === '' ? '' : ` (${narrowed})`}, ${direction} del rang esperat, ${range}.</p>
<p>El rang surt de la mateixa hora de les ${ALERT_HISTORY_WEEKS} setmanes anteriors. No rebreu cap altre avís d'aquesta regla fins que la xifra hi torni.</p>
<p><a href="${link}">Obre els avisos a la consola de Mesura</a></p>
</body></html>`;
  const text = [
    `${figure.label}: ${value}`,
    `${when}${narrowed === '' ? '' : ` (${narrowed})`}, ${direction} del rang esperat, ${range}.`,
    `El rang surt de la mateixa hora de les ${ALERT_HISTORY_WEEKS} setmanes anteriors.`,
    '',
    `Obre els avisos a la consola: ${link}`,
  ].join('\n');
  return { to: alert.owner, subject, text, html: body.markup };
}
