/**
 * The inline style an editor's (untrusted) offer HTML may keep, shared by the server that
 * sanitises offers (server/src/decide/offer-html-policy.ts, through sanitize-html's allowedStyles)
 * and the console's visual editor, which shows an offer as the server will serve it.
 */

/**
 * How text and boxes look, never where they sit (no `position`: an offer may not lay itself over
 * the page) nor what they load.
 */
export const SAFE_INLINE_STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'text-align',
  'text-decoration',
  'text-transform',
  'line-height',
  'letter-spacing',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-color',
  'border-width',
  'border-style',
  'border-radius',
  'width',
  'max-width',
  'height',
  'display',
] as const;

/**
 * A plain CSS value: words, numbers, units, colours (`#c00`, `rgb(…)`) and commas; no quote,
 * colon or backslash, and no function that loads or runs anything.
 */
export const PLAIN_CSS_VALUE = /^(?!.*(?:url|image-set|expression|var|attr)\s*\()[-#a-z0-9.,%\s()]+$/i;

/** A `style` attribute's text with only the safe declarations left, `prop:value` joined by `;`. */
export function safeInlineStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if ((SAFE_INLINE_STYLE_PROPERTIES as readonly string[]).includes(property) && PLAIN_CSS_VALUE.test(value)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}
