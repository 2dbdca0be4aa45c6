/**
 * A poll as posted without JavaScript (http/site-form-posts.ts), from an article or the daily game:
 * it calls POST /api/engagement/polls/:id/answers, as the app does, so that one answer per browser,
 * the origin check and the rate limit hold alike. The visitor lands back on the page, at the poll.
 */
import { field, isSuccess, resultLanding, type SiteForm } from '../http/site-form.js';

/** The value of the form's hidden `formulari` field. */
export const POLL_FORM_NAME = 'enquesta';
/** The hidden field naming the poll (a page carries one at most). */
export const POLL_ID_FIELD = 'enquesta-id';
/** The radio buttons' name: the option chosen. */
export const POLL_OPTION_FIELD = 'option';
/** The poll's element on the page, so that the landing scrolls to the outcome rather than the article's top. */
export const POLL_ANCHOR = 'enquesta';

/** Every article's page (packages/content's sitePaths.article), which its poll posts to. */
export const ARTICLE_PAGE_ROUTE = '/noticia/:id/:slug/';
/** The daily game's page (apps/site routes/engagement-routes.tsx), which its poll posts to. */
export const QUIZ_PAGE_PATH = '/joc/';

/** The poll on the pages at `pagePath` (ARTICLE_PAGE_ROUTE, QUIZ_PAGE_PATH). */
export const pollForm = (pagePath: string): SiteForm => ({
  name: POLL_FORM_NAME,
  pagePath,
  apiCall: (fields) => ({
    method: 'POST',
    url: `/api/engagement/polls/${encodeURIComponent(field(fields, POLL_ID_FIELD))}/answers`,
    body: { optionId: field(fields, POLL_OPTION_FIELD) },
  }),
  landing: (answer, _fields, pageQuery, requestPath) => {
    const page = { name: POLL_FORM_NAME, pagePath: requestPath };
    const landing = isSuccess(answer) ? resultLanding(page, pageQuery, 'ok') : resultLanding(page, pageQuery, 'error', String(answer.status));
    return `${landing}#${POLL_ANCHOR}`;
  },
});
