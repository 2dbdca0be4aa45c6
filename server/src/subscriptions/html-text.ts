/**
 * HTML escaping for the mails Mesura builds: every value that came from a report, a filter or a
 * user (a page title, a section name, a segment) is text, never markup. No templating library is a
 * dependency of the server, and the mails are a few lines: a tagged template that escapes every
 * interpolated value unless it is `Html` made here already.
 */
import { escapeHtml } from '../shared/escape-html.js';

/** Markup made by `html`: interpolated as is. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

type Interpolated = Html | string | number | readonly Html[];

const piece = (value: Interpolated): string => (value instanceof Html ? value.markup : Array.isArray(value) ? value.map((part: Html) => part.markup).join('') : escapeHtml(String(value)));

/** `html\`<p>${text}</p>\``: the literal parts as markup, each value escaped. */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Html {
  return new Html(strings.reduce((out, literal, index) => out + literal + (index < values.length ? piece(values[index]!) : ''), ''));
}
