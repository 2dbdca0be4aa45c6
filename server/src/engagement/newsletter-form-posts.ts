/**
 * The newsletter's sign-up form as posted without JavaScript (http/site-form-posts.ts), on each
 * page that shows it: it calls POST /api/engagement/newsletter, as the app does.
 */
import { field, isSuccess, resultLanding, type SiteForm } from '../http/site-form.js';

/** The value of the form's hidden `formulari` field. */
export const NEWSLETTER_FORM_NAME = 'butlleti';

/** The newsletter form on the page at `pagePath` (the home page, the quiz). */
export function newsletterForm(pagePath: string): SiteForm {
  const form: SiteForm = {
    name: NEWSLETTER_FORM_NAME,
    pagePath,
    apiCall: (fields) => ({ method: 'POST', url: '/api/engagement/newsletter', body: { email: field(fields, 'email') } }),
    landing: (answer, _fields, pageQuery) => (isSuccess(answer) ? resultLanding(form, pageQuery, 'ok') : resultLanding(form, pageQuery, 'error', String(answer.status))),
  };
  return form;
}
