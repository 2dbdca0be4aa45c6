// What visitors search for on the site, and how many results each search shows: asked of the
// server's own search (GET /api/content/search), as the search page asks it, so that the searches
// reported are the site's. Some find nothing: the zero-results report's rows.
const KEYWORDS = [
  'habitatge',
  'loteria de nadal',
  'el temps',
  'girona',
  'horaris rodalies',
  'sequera',
  'vacuna grip',
  'pressupostos',
  'telenotícies',
  'futbol',
  'festius 2027',
  'podcast',
  'parlament',
  'música clàssica',
  'manuscrits',
  'bàsquet',
];

/** `[{keywords, results}]`, most searched first. */
export async function searchTerms(port) {
  return Promise.all(
    KEYWORDS.map(async (keywords) => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/content/search?q=${encodeURIComponent(keywords)}`);
      if (!answer.ok) throw new Error(`the site's search answered ${answer.status} for '${keywords}'`);
      return { keywords, results: (await answer.json()).total };
    }),
  );
}
