/**
 * A mailed dashboard as one message: its name and period, one section per tile (summary-mail.ts
 * `reportSection`, as a mailed report's), the tiles left out and why, and a link to the dashboard.
 */
import type { Mail } from '../mail/mailer.js';
import { html } from './html-text.js';
import type { MailPeriod } from './mail-periods.js';
import type { DashboardFigures } from './mailed-dashboard.js';
import { periodText, reportSection, summaryEnvelope } from './summary-mail.js';

export function dashboardMail(to: string, name: string, figures: DashboardFigures, period: MailPeriod, link: string): Mail {
  const sections = figures.answers.map((answer) => reportSection(answer, period, 'h2'));
  const leftOut = figures.leftOut.map((tile) => `${tile.title}: ${tile.reason}`);
  const more = figures.notShown > 0 ? [`I ${figures.notShown} informes més, al tauler.`] : [];
  const markup = [
    html`<h1 style="font-size:20px">${name}</h1>
<p>Tauler de Mesura · ${periodText(period)}</p>`,
    ...sections.map((section) => section.html),
    ...(leftOut.length > 0 ? [html`<p>No s'hi inclou:</p><ul>${leftOut.map((line) => html`<li>${line}</li>`)}</ul>`] : []),
    ...more.map((line) => html`<p>${line}</p>`),
  ];
  const text = [
    name,
    `Tauler de Mesura · ${periodText(period)}`,
    ...sections.flatMap((section) => ['', ...section.text]),
    ...(leftOut.length > 0 ? ['', "No s'hi inclou:", ...leftOut.map((line) => `- ${line}`)] : []),
    ...(more.length > 0 ? ['', ...more] : []),
  ];
  return summaryEnvelope(to, `Mesura · ${name} · ${periodText(period)}`, { sections: markup, text }, link);
}
