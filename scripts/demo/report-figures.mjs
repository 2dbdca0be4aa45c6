// Every report of the server's catalogue (GET /api/reports/catalogue), asked over the last days:
// how many rows each shows with a figure, and the figures themselves; and the reports of the goals,
// funnels and segments the demo defines. The e2e test checks with it that the demo leaves no report
// empty and that a second run changes no figure.

/** The most rows a report answers at once (server/src/reports/report-request.ts): every row of the e2e's short runs. */
const MAX_ROWS = 500;

/** Every breakdown of a goal's reports (docs/goals.md). */
const GOAL_REPORTS = ['by-day', 'by-source', 'by-campaign', 'by-device', 'by-country', 'by-entry-page'];

const getter = (base, headers) => async (path) => {
  const answer = await fetch(`${base}${path}`, { headers });
  if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer.json();
};

/** Rows that show something: not hidden under the minimum cohort, some metric above 0. */
const shows = (row) => !row.hidden && Object.values(row.values ?? {}).some((value) => typeof value === 'number' && value > 0);

/**
 * `{report → {rows, shown, figures}}` over [from, to] (YYYY-MM-DD): `rows` answered, `shown` with a
 * figure, `figures` the rows' keys and values and the totals (what a second run must not change).
 * `headers` authorise an analyst (a session cookie or an API token).
 */
export async function catalogueFigures({ base, headers, from, to }) {
  const get = getter(base, headers);
  const figures = {};
  for (const { report } of await get('/api/reports/catalogue')) {
    const answer = await get(`/api/reports/${report}?from=${from}&to=${to}&limit=${MAX_ROWS}`);
    // By key: rows of equal figures may come in either order.
    const rows = answer.rows.map((row) => [String(row.key), row.values]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    figures[report] = {
      rows: answer.rows.length,
      shown: answer.rows.filter(shows).length,
      figures: JSON.stringify({ totalRows: answer.totalRows, rows, totals: answer.totals }),
    };
  }
  return figures;
}

/**
 * `{report → {rows, shown}}` over [from, to] for the definitions the server holds: each goal's
 * reports (`goals/by-day?goal=…`), each funnel's steps, and Audiència by day narrowed to each segment.
 */
export async function definitionFigures({ base, headers, from, to }) {
  const get = getter(base, headers);
  const range = `from=${from}&to=${to}&limit=${MAX_ROWS}`;
  const figures = {};
  const count = (path, answer) => {
    figures[path] = { rows: answer.rows.length, shown: answer.rows.filter(shows).length };
  };
  for (const { id } of (await get('/api/goals')).goals) {
    for (const by of GOAL_REPORTS) count(`goals/${by}?goal=${id}`, await get(`/api/reports/goals/${by}?goal=${id}&${range}`));
  }
  for (const { id } of (await get('/api/funnels')).funnels) count(`funnels/steps?funnel=${id}`, await get(`/api/reports/funnels/steps?funnel=${id}&${range}`));
  for (const { id } of (await get('/api/segments')).segments) count(`audience/by-day?s=${id}`, await get(`/api/reports/audience/by-day?s=${id}&${range}`));
  return figures;
}
