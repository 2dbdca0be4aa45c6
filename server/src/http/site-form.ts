/**
 * One of the site's forms as the server takes it without JavaScript (site-form-posts.ts): which
 * page posts it, which JSON route does its work, and where the visitor lands afterwards.
 */

/** The hidden field naming the form, and the landing's query parameter naming it again. */
export const FORM_PARAM = 'formulari';
/** The landing's outcome: 'ok', or 'error' with a REASON_PARAM. */
export const OUTCOME_PARAM = 'resultat';
/** Why it failed: the JSON route's status, or a short word the page knows (e.g. 'sense-confirmar'). */
export const REASON_PARAM = 'motiu';

/** What the JSON route answered: its status and its error code, if any. */
export interface ApiAnswer {
  status: number;
  code: string | undefined;
  /** The route's one-line error, if any. */
  error: string | undefined;
}

export interface ApiCall {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body: Record<string, string>;
}

export interface SiteForm {
  /** The value of its hidden FORM_PARAM field. */
  name: string;
  /** The path of the page it is on, which the browser posts it to. */
  pagePath: string;
  /** The JSON route's call for the form's fields and the page's own query (e.g. its `torna`). */
  apiCall: (fields: URLSearchParams, pageQuery: URLSearchParams) => ApiCall;
  /**
   * The site path (with query) the visitor is sent to once the route has answered. `requestPath` is
   * the path the form was posted to: the page itself when `pagePath` has parameters (an article).
   */
  landing: (answer: ApiAnswer, fields: URLSearchParams, pageQuery: URLSearchParams, requestPath: string) => string;
}

/** The form's page again, with its own query and the outcome. */
export function resultLanding(form: Pick<SiteForm, 'name' | 'pagePath'>, pageQuery: URLSearchParams, outcome: 'ok' | 'error', reason?: string): string {
  const query = new URLSearchParams(pageQuery);
  query.set(FORM_PARAM, form.name);
  query.set(OUTCOME_PARAM, outcome);
  if (reason !== undefined) query.set(REASON_PARAM, reason);
  return `${form.pagePath}?${query.toString()}`;
}

/** A field's text, empty when absent. */
export function field(fields: URLSearchParams, name: string): string {
  return fields.get(name) ?? '';
}

export const isSuccess = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300;
