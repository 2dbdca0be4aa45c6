// The console's part of `npm run screenshots`: fills the server with `npm run demo`'s traffic,
// makes an analyst and an editor beside the admin (so that Usuaris lists a team), and saves every
// page of the console at 1280 px and 768 px (the narrowest width the console is made for) as
// docs/screenshots/consola-{page}-{width}.jpg: the sign-in page, every area of
// apps/console/src/shell/areas.ts, the sub-pages of Vídeo i àudio, the pages of Administració, an experiment's results and the new
// experiment's form, the reports opened on their own (engaged time, visit duration, Catalonia's
// provinces, a page's paths), a goal's and a funnel's reports, a segment's editor and a report
// narrowed to it, the password and API-token pages. Every report area shows its key figures on top, and a note
// written before the shots shows on the audience chart. The demo signs in as the admin to define its
// goals, funnels and segments (scripts/demo/define.mjs).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { siteActivities } from '@mesura/server/tooling';
import { BENCH_ADMIN, BENCH_ADMIN_ENV, adminSessionHeaders } from '@mesura/bench/server-process';
import { DEMO_FUNNELS, DEMO_GOALS, DEMO_SEGMENTS } from './demo/definitions.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONSOLE_WIDTHS_PX = [1280, 768];
const VIEWPORT_HEIGHT_PX = 900;
/** An area stacks many reports: its first three screens show what it is. */
const MAX_SHOT_HEIGHT_PX = 3 * VIEWPORT_HEIGHT_PX;
const JPEG_QUALITY = 65;
const UI_TIMEOUT_MS = 30_000;
/** Charts drawn, the real-time stream's first figures in. */
const SETTLE_MS = 1000;
const DEMO_TIMEOUT_MS = 600_000;
/** The demo's home page, whose paths the path reports show (scripts/demo/site-pages.mjs). */
const DEMO_HOME = 'https://www.mesura.cat/';
const TEAM = [
  { email: 'analista@mesura.cat', password: 'analista-de-mostra', role: 'analyst' },
  { email: 'editora@mesura.cat', password: 'editora-de-mostra', role: 'editor' },
];

/** `path: '…'` or `slug: '…'` entries of a console source file: its areas or pages, so that a new one is shot without a change here. */
function listedNames(file, field) {
  const source = readFileSync(path.join(ROOT, 'apps/console/src', file), 'utf8');
  return [...source.matchAll(new RegExp(`\\b${field}: '([a-z-]+)'`, 'g'))].map((match) => match[1]);
}

/** Runs `npm run demo`'s script against the server (its data folder holds the backfill key). */
export async function fillWithDemo(port, dataDir) {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/demo/demo.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), MESURA_DATA_DIR: dataDir, ...BENCH_ADMIN_ENV },
    timeout: DEMO_TIMEOUT_MS,
  });
  process.stdout.write(
    `${stdout
      .split('\n')
      .filter((line) => line.startsWith('demo: sent') || line.startsWith('demo: goals'))
      .join('\n')}\n`,
  );
}

async function makeTeam(base) {
  // Users are made from a session, as in the console: a token changes no user.
  const headers = await adminSessionHeaders(Number(new URL(base).port));
  for (const user of TEAM) {
    const made = await fetch(`${base}/api/users`, { method: 'POST', headers, body: JSON.stringify(user) });
    if (made.status !== 201 && made.status !== 409) throw new Error(`making ${user.email} answered ${made.status}: ${await made.text()}`);
  }
}

/** A note on today's audience chart, written as someone of the team would from the chart (report-view/annotation-panel.tsx). */
async function addTeamNote(base) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const headers = await adminSessionHeaders(Number(new URL(base).port));
  const made = await fetch(`${base}/api/annotations`, { method: 'POST', headers, body: JSON.stringify({ day: today, time: '21:00', text: "Nit d'eleccions: directe especial" }) });
  if (made.status !== 201) throw new Error(`writing a note answered ${made.status}: ${await made.text()}`);
}

/** The admin's own dashboard with two report views pinned, as «Fixa al tauler» pins them (areas/taulers/pin-to-dashboard.tsx). */
async function pinHomeDashboard(base) {
  const headers = await adminSessionHeaders(Number(new URL(base).port));
  for (const view of ['/consola/audiencia/?informe=audience/by-day&periode=30-dies', '/consola/contingut/?informe=content/sections&periode=7-dies']) {
    const pinned = await fetch(`${base}/api/dashboards/home/tiles`, { method: 'POST', headers, body: JSON.stringify({ view }) });
    if (pinned.status !== 201) throw new Error(`pinning ${view} answered ${pinned.status}: ${await pinned.text()}`);
  }
}

async function signIn(page, base) {
  await page.goto(`${base}/consola/entrar/`);
  await page.getByLabel('Correu electrònic').fill(BENCH_ADMIN.email);
  await page.getByLabel('Contrasenya', { exact: true }).fill(BENCH_ADMIN.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.locator('nav').first().waitFor({ timeout: UI_TIMEOUT_MS });
}

/** The page once its reports have answered (none still loading). An editor's form is headed by its h2. */
async function shoot(page, url, file, width) {
  await page.goto(url);
  await page.locator('h1, h2').first().waitFor({ timeout: UI_TIMEOUT_MS });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: UI_TIMEOUT_MS });
  await page.waitForTimeout(SETTLE_MS);
  const height = Math.min(MAX_SHOT_HEIGHT_PX, await page.evaluate(() => document.documentElement.scrollHeight));
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height }, type: 'jpeg', quality: JPEG_QUALITY });
  console.log(`screenshots: ${path.relative(ROOT, file)}`);
}

/** `[name, path]` of every page shot once signed in. */
function consolePages() {
  const areas = listedNames('shell/areas.ts', 'path');
  const pages = areas.map((area) => [area, `/consola/${area}/`]);
  if (areas.includes('administracio')) {
    for (const slug of listedNames('areas/administracio/admin-pages.ts', 'slug')) pages.push([`administracio-${slug}`, `/consola/administracio/${slug}`]);
  }
  if (areas.includes('video-i-audio')) {
    // Its sub-pages (the first, Reproduccions, is the area's own address, shot above).
    for (const sub of listedNames('areas/video-i-audio/media-sub-pages.ts', 'path')) pages.push([`video-i-audio-${sub}`, `/consola/video-i-audio/${sub}`]);
  }
  if (areas.includes('experiments')) {
    // The form of a seeded activity shows the visual editor on a page of that activity.
    pages.push(
      ['experiments-resultats', `/consola/experiments/${siteActivities()[0].id}/`],
      ['experiments-nou', '/consola/experiments/nou/'],
      ['experiments-edita', `/consola/experiments/${siteActivities()[0].id}/edita/`],
    );
  }
  return [...pages, ...reportPages(areas), ['contrasenya', '/consola/contrasenya/'], ['claus-api', '/consola/claus-api/']];
}

/** `[name, path]` of the reports an area stacks, each opened on its own (`informe=`), and of the demo's definitions. */
function reportPages(areas) {
  const report = (area, name, id, params = {}) => {
    const query = new URLSearchParams({ informe: id, ...Object.fromEntries(Object.entries(params).map(([key, value]) => [`p.${key}`, value])) });
    return areas.includes(area) ? [[`${area}-${name}`, `/consola/${area}/?${query}`]] : [];
  };
  const opened = (area, name, pagePath) => (areas.includes(area) ? [[`${area}-${name}`, `/consola/${area}/${pagePath}`]] : []);
  return [
    ...report('audiencia', 'durada-visites', 'audience/visit-duration'),
    ...report('contingut', 'temps-interaccio', 'content/engaged-time'),
    ...report('contingut', 'temps-interaccio-pagines', 'content/engaged-pages'),
    ...report('contingut', 'pagina-anterior', 'content/page-previous', { page: DEMO_HOME }),
    ...report('contingut', 'pagina-seguent', 'content/page-next', { page: DEMO_HOME }),
    ...report('contingut', 'camins-entrada', 'content/entry-paths', { entry: DEMO_HOME }),
    ...report('geografia', 'provincies', 'geography/provinces', { region: 'Catalonia' }),
    ...opened('objectius', 'informe', DEMO_GOALS[0].id),
    ...opened('embuts', 'informe', DEMO_FUNNELS[1].id),
    ...opened('segments', 'editor', `${DEMO_SEGMENTS[0].id}/edita`),
    ...opened('audiencia', 'segment', `?s=${DEMO_SEGMENTS[0].id}`),
    ...opened('taulers', 'el-meu-tauler', 'home'),
  ];
}

/** The home dashboard with its «Envia per correu» open (areas/taulers/mail-dashboard.tsx): a state, not an address. */
async function shootMailDashboard(page, base, outDir, width) {
  await shoot(page, `${base}/consola/taulers/home`, path.join(outDir, `consola-taulers-envia-per-correu-${width}.jpg`), width);
  await page.getByRole('button', { name: /^Envia per correu el tauler/ }).click();
  await page.getByLabel('Envia el tauler per correu').waitFor({ timeout: UI_TIMEOUT_MS });
  const file = path.join(outDir, `consola-taulers-envia-per-correu-${width}.jpg`);
  await page.screenshot({ path: file, type: 'jpeg', quality: JPEG_QUALITY });
  console.log(`screenshots: ${path.relative(ROOT, file)}`);
}

export async function shootConsole(browser, base, outDir) {
  await makeTeam(base);
  await addTeamNote(base);
  await pinHomeDashboard(base);
  for (const width of CONSOLE_WIDTHS_PX) {
    const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT_PX }, locale: 'ca-ES' });
    const page = await context.newPage();
    await shoot(page, `${base}/consola/entrar/`, path.join(outDir, `consola-entrar-${width}.jpg`), width);
    await signIn(page, base);
    for (const [name, pagePath] of consolePages()) await shoot(page, base + pagePath, path.join(outDir, `consola-${name}-${width}.jpg`), width);
    await shootMailDashboard(page, base, outDir, width);
    await context.close();
  }
}
