import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

// Each goal type counted from what a visitor does in the browser, through the
// client, the collector and the activity report. A server of its own, so that counts are exact,
// with a cohort of one so that the report shows each of its few visitors.
const site = useSiteUnderTest({ env: { ...E2E_ADMIN_ENV, MESURA_MIN_COHORT: '1' } });

const ARTICLE_1001 = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const ARTICLE_1002 = '/noticia/1002/hospitals-allarguen-horari-vacunacio-grip/';
const ARTICLE_1003 = '/noticia/1003/girona-remunta-montilivi-places-europees/';
/** The article's share button: the first button of its actions, which the click goal watches. */
const SHARE_BUTTON = '.article-actions button';
/** The article's call to action "Mira el directe" (scClicBoto, event10). */
const LIVE_CALL_TO_ACTION = '.article-actions .cta-live';

interface ActivityDefinition {
  id: string;
  experiences: { id: string; share: number }[];
  goal: unknown;
}
interface ExperienceResult {
  id: string;
  visitors: number;
  conversions: number;
}

const api = (path: string) => `${site.server.baseUrl}${path}`;

/** Every visitor in experience b, and optionally another goal. */
async function adjust(id: string, goal?: unknown): Promise<void> {
  const activity = (await (await fetch(api(`/api/activities/${id}`), { headers: await apiHeaders(site.server) })).json()) as ActivityDefinition;
  activity.experiences = activity.experiences.map((e) => ({ ...e, share: e.id === 'b' ? 100 : 0 }));
  if (goal) activity.goal = goal;
  const put = await fetch(api(`/api/activities/${id}`), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(await apiHeaders(site.server)) },
    body: JSON.stringify(activity),
  });
  expect(put.status).toBe(200);
}

async function experience(activityId: string, experienceId: string): Promise<ExperienceResult> {
  const report = (await (await fetch(api(`/api/reports/activities/${activityId}`), { headers: await apiHeaders(site.server) })).json()) as { experiences: ExperienceResult[] };
  return report.experiences.find((e) => e.id === experienceId)!;
}

/** The report's figures once they read `expected`, or the last ones after 5 s. */
async function reportReaches(activityId: string, expected: Pick<ExperienceResult, 'visitors' | 'conversions'>) {
  let last: ExperienceResult | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    last = await experience(activityId, 'b');
    if (last.visitors === expected.visitors && last.conversions === expected.conversions) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { visitors: last?.visitors, conversions: last?.conversions };
}

/**
 * A returning visitor who accepted everything (so /mesura.js already keeps their analytics id: a
 * first page, the home page, was measured), on `path`, once the client rendered its offers.
 */
async function visit(path: string): Promise<Page> {
  const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
  await page.goto(api('/'));
  await page.waitForFunction(() => document.cookie.includes('mesura_fid='));
  const rendered = page.waitForEvent('console', { predicate: (m) => m.text() === 'offers rendered', timeout: 10_000 });
  await page.addInitScript(() => {
    document.addEventListener('mesura:personalize:content-rendering-succeeded', () => console.log('offers rendered'));
  });
  await page.goto(api(path));
  await rendered;
  // The app has replaced the server's first view: its buttons are the app's.
  await page.locator('#root[data-app="ready"]').waitFor({ state: 'attached' });
  return page;
}

beforeAll(async () => {
  await adjust('titular-1001');
  await adjust('el-temps-disseny');
  // The share direct call is analytics event3 (packages/tags site-link-calls.ts).
  await adjust('titular-1002', { type: 'event', event: 'event3' });
});

describe('conversions of the site activities, from the browser', () => {
  it("a click goal: a click on the article's actions after the new headline is a conversion of experience B", async () => {
    const page = await visit(ARTICLE_1001);
    expect(await reportReaches('titular-1001', { visitors: 1, conversions: 0 })).toEqual({ visitors: 1, conversions: 0 });

    const conversion = page.waitForRequest((r) => r.url().includes('/m2/') && /clickToken=/.test(`${r.url()} ${r.postData() ?? ''}`));
    await page.click(SHARE_BUTTON);
    await conversion;
    expect(await reportReaches('titular-1001', { visitors: 1, conversions: 1 })).toEqual({ visitors: 1, conversions: 1 });
    await page.context().close();
  });

  it('a page-view goal: a later news page view of the forecast page visitor is a conversion; staying is not', async () => {
    const stays = await visit('/el-temps/');
    const moves = await visit('/el-temps/');
    expect(await reportReaches('el-temps-disseny', { visitors: 2, conversions: 0 })).toEqual({ visitors: 2, conversions: 0 });

    await moves.goto(api(ARTICLE_1003));
    expect(await reportReaches('el-temps-disseny', { visitors: 2, conversions: 1 })).toEqual({ visitors: 2, conversions: 1 });
    // The visitor who stays views the forecast again: a page view, but not of a news page.
    const viewed = stays.waitForResponse((r) => r.url().includes('/b/ss/mesuradev/') && r.request().method() === 'POST');
    await stays.reload();
    await viewed;
    expect(await experience('el-temps-disseny', 'b')).toMatchObject({ visitors: 2, conversions: 1 });
    await stays.context().close();
    await moves.context().close();
  });

  it('an analytics-event goal: sharing (event3) converts, another direct call does not', async () => {
    const shares = await visit(ARTICLE_1002);
    const follows = await visit(ARTICLE_1002);
    // Link hits go as form POSTs (wire-formats §1): the events are in the body.
    const shared = shares.waitForRequest((r) => r.url().includes('/b/ss/mesuradev/') && /(^|&)events=[^&]*event3/.test(r.postData() ?? ''));
    await shares.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.baseUrl });
    await shares.click(SHARE_BUTTON);
    await shares.getByRole('menuitem', { name: "Copia l'enllaç" }).click();
    await shared;
    const followed = follows.waitForResponse((r) => r.url().includes('/b/ss/mesuradev/') && /(^|&)events=[^&]*event10/.test(r.request().postData() ?? ''));
    await follows.click(LIVE_CALL_TO_ACTION);
    await followed;
    expect(await reportReaches('titular-1002', { visitors: 2, conversions: 1 })).toEqual({ visitors: 2, conversions: 1 });
    // The collector acknowledged the follow (event10) only once it was durable: still one conversion.
    expect(await experience('titular-1002', 'b')).toMatchObject({ visitors: 2, conversions: 1 });
    await shares.context().close();
    await follows.context().close();
  });
});
