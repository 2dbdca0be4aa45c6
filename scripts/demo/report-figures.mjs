// Every report of the server's catalogue (GET /api/reports/catalogue), asked over the last days:
// how many rows each shows with a figure, and the figures themselves. The e2e test checks with it
// that the demo leaves no report empty and that a second run changes no figure.

/** The most rows a report answers at once (server/src/reports/report-request.ts): every row of the e2e's short runs. */
const MAX_ROWS = 500;

/** Rows that show something: not hidden under the minimum cohort, some metric above 0. */
const shows = (row) => !row.hidden && Object.values(row.values ?? {}).some((value) => typeof value === 'number' && value > 0);

/**
 * `{report → {rows, shown, figures}}` over [from, to] (YYYY-MM-DD): `rows` answered, `shown` with a
 * figure, `figures` the rows' keys and values and the totals (what a second run must not change).
 * `headers` authorise an analyst (a session cookie or an API token).
 */
export async function catalogueFigures({ base, headers, from, to }) {
  const get = async (path) => {
    const answer = await fetch(`${base}${path}`, { headers });
    if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}: ${await answer.text()}`);
    return answer.json();
  };
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
