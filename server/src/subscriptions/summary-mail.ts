/**
 * A mailed report as a short message: the report's totals for the period with their change against
 * the days just before, its top rows (a ranking's; a time series shows its totals only), and a link
 * to the same view in the console. A mailed dashboard (dashboard-mail.ts) is one such section per
 * tile, made by the same `reportSection`. Every value is escaped (html-text.ts); the plain-text part
 * says the same.
 */
import type { ReportAnswer } from '@mesura/protocol';
import type { Mail } from '../mail/mailer.js';
import { FILTER_NAMES } from './filter-names.js';
import { html, type Html } from './html-text.js';
import type { MailPeriod } from './mail-periods.js';
import { changeText, metricText } from './metric-text.js';
import { SUMMARY_TOP_ROWS } from './subscription-limits.js';

export const periodText = (period: MailPeriod) => (period.from === period.to ? period.from : `${period.from} – ${period.to}`);

/** One report in a mail, as markup and as lines of the plain-text part. */
export interface MailSection {
  html: Html;
  text: string[];
}

/** The heading a section's title takes: the mail's own (a report mailed) or one of its parts (a dashboard's tile). */
export type SectionHeading = 'h1' | 'h2';

/** A report's part of a mail: title, period, filters and segment, totals with their change, top rows. */
export function reportSection(answer: ReportAnswer, period: MailPeriod, heading: SectionHeading): MailSection {
  const metrics = answer.metrics;
  const totals = metrics.map((metric) => ({
    label: metric.label,
    value: answer.totals.hidden ? `< ${answer.minCohort}` : metricText(answer.totals.values[metric.key] ?? null, metric.format),
    change: answer.totals.hidden || answer.totals.previousHidden ? '' : changeText(answer.totals.values[metric.key] ?? null, answer.totals.previous?.[metric.key]),
  }));
  const first = metrics[0];
  const rows =
    answer.chart === 'bar' && first !== undefined
      ? answer.rows.slice(0, SUMMARY_TOP_ROWS).map((row) => ({ label: row.label, value: row.hidden ? `< ${answer.minCohort}` : metricText(row.values[first.key] ?? null, first.format) }))
      : [];
  const narrowed = [...answer.filters.map((filter) => `${FILTER_NAMES[filter.dimension]}: ${filter.value}`), ...(answer.segment ? [`Segment: ${answer.segment.name}`] : [])];
  const when = `${periodText(period)}${answer.compare ? `, comparat amb ${periodText(answer.compare)}` : ''}`;
  const title = heading === 'h1' ? html`<h1 style="font-size:20px">${answer.title}</h1>` : html`<h2 style="font-size:18px">${answer.title}</h2>`;
  const rowsTitle = `${answer.dimension.label}: els primers per ${first?.label.toLowerCase() ?? ''}`;
  const rowsHeading = heading === 'h1' ? html`<h2 style="font-size:16px">${rowsTitle}</h2>` : html`<h3 style="font-size:16px">${rowsTitle}</h3>`;
  const markup = html`${title}
<p>${when}</p>
${narrowed.length > 0 ? html`<p>${narrowed.join(' · ')}</p>` : ''}
<table style="border-collapse:collapse"><tbody>
${totals.map((total) => html`<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0">${total.label}</th><td style="text-align:right;padding:4px 12px">${total.value}</td><td style="padding:4px 0">${total.change}</td></tr>`)}
</tbody></table>
${
  rows.length > 0
    ? html`${rowsHeading}
<ol>${rows.map((row) => html`<li>${row.label}: ${row.value}</li>`)}</ol>`
    : ''
}`;
  const text = [
    answer.title,
    when,
    ...(narrowed.length > 0 ? [narrowed.join(' · ')] : []),
    '',
    ...totals.map((total) => `${total.label}: ${total.value}${total.change === '' ? '' : ` (${total.change})`}`),
    ...(rows.length > 0 ? ['', `${answer.dimension.label}:`, ...rows.map((row, index) => `${index + 1}. ${row.label}: ${row.value}`)] : []),
  ];
  return { html: markup, text };
}

/** A whole mail around its sections: the link to the console and why it came. */
export function summaryEnvelope(to: string, subject: string, body: { sections: readonly Html[]; text: readonly string[] }, link: string): Mail {
  const markup: Html = html`<!doctype html><html lang="ca"><body style="font-family:sans-serif;color:#1a1a1a">
${body.sections}
<p><a href="${link}">Obre-ho a la consola de Mesura</a></p>
<p style="color:#555;font-size:12px">Rebeu aquest correu perquè us hi vau subscriure a Mesura; podeu deixar-ho d'enviar a «Avisos i informes per correu».</p>
</body></html>`;
  const text = [...body.text, '', `Obre-ho a la consola: ${link}`].join('\n');
  return { to, subject, text, html: markup.markup };
}

export function summaryMail(to: string, answer: ReportAnswer, period: MailPeriod, link: string): Mail {
  const section = reportSection(answer, period, 'h1');
  return summaryEnvelope(to, `Mesura · ${answer.title} · ${periodText(period)}`, { sections: [section.html], text: section.text }, link);
}
