/**
 * What an editor's (untrusted) offer may put on a visitor's page: one allow-list, applied on the
 * server before an offer is stored or served (the browser client sanitises again with DOMPurify,
 * as a second line). Documented in docs/architecture.md ("Activity safety"); change both together.
 *
 * Kept out: anything that runs code or takes input (script, form, input, button, textarea,
 * select, iframe, object, embed, frame, base, meta, link, svg, math…), every `on…` handler, a
 * `style` attribute's declarations other than SAFE_INLINE_STYLES' presentational properties with
 * plain values (sanitize-html's allowedStyles keeps those and drops the rest), `id` and `name` (an element named like a global,
 * e.g. `mesuraSanitizer`, would shadow it: DOM clobbering), and URLs other than http(s),
 * mailto, tel and relative ones (no `javascript:`, `data:`, `vbscript:`, no `//host`). A URL
 * attribute (URL_ATTRIBUTES) must also land, resolved as the page resolves it, on the site's
 * origins or MESURA_OFFER_ORIGINS (redirect-policy.ts), else it goes: an image elsewhere is a
 * tracking pixel, a link elsewhere a redirect. A `<style>` element stays (the global mbox's CSS
 * offers), unless its CSS loads anything or escapes (UNSAFE_CSS): then it goes whole.
 */
import { PLAIN_CSS_VALUE, SAFE_INLINE_STYLE_PROPERTIES } from '@mesura/protocol';
import sanitizeHtml from 'sanitize-html';

/**
 * CSS that loads a resource or runs script (`url()`, `image-set()`, legacy `expression()`); a
 * backslash (a CSS escape could spell any of them) is refused too.
 */
const UNSAFE_CSS = /url\s*\(|image-set\s*\(|expression\s*\(|javascript:|@import|\\/i;

const GLOBAL_ATTRIBUTES = ['class', 'title', 'lang', 'dir', 'role', 'aria-*', 'data-*', 'style'];

/** The inline style an offer keeps (@mesura/protocol offer-inline-style.ts), as sanitize-html's allowedStyles. */
export const SAFE_INLINE_STYLES = { '*': Object.fromEntries(SAFE_INLINE_STYLE_PROPERTIES.map((property) => [property, [PLAIN_CSS_VALUE]])) };

/**
 * Every attribute a browser reads a URL from, whether or not the allow-list lets it in today, so
 * that an attribute added to the list later is held to the origins at once. `srcset` holds several.
 */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'cite',
  'action',
  'formaction',
  'poster',
  'xlink:href',
  'background',
  'data',
  'longdesc',
  'usemap',
  'ping',
  'manifest',
  'codebase',
  'archive',
  'classid',
  'icon',
  'profile',
  'lowsrc',
  'dynsrc',
];

export const OFFER_HTML_ALLOW_LIST = {
  allowedTags: [
    'a',
    'abbr',
    'article',
    'aside',
    'b',
    'blockquote',
    'br',
    'caption',
    'cite',
    'code',
    'col',
    'colgroup',
    'dd',
    'del',
    'details',
    'div',
    'dl',
    'dt',
    'em',
    'figcaption',
    'figure',
    'footer',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'header',
    'hr',
    'i',
    'img',
    'ins',
    'kbd',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    'q',
    's',
    'section',
    'small',
    'span',
    'strong',
    'sub',
    'style',
    'summary',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'time',
    'tr',
    'u',
    'ul',
  ],
  // For `style`, whose CSS exclusiveFilter checks; script stays out of allowedTags.
  allowVulnerableTags: true,
  allowedAttributes: {
    '*': GLOBAL_ATTRIBUTES,
    a: ['href', 'rel', 'hreflang'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
    time: ['datetime'],
    ol: ['start', 'reversed', 'type'],
    td: ['colspan', 'rowspan', 'headers'],
    th: ['colspan', 'rowspan', 'headers', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    details: ['open'],
  },
  allowedStyles: SAFE_INLINE_STYLES,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: URL_ATTRIBUTES,
  allowProtocolRelative: false,
  // Elements left out are dropped with their tags; these, with their content too.
  nonTextTags: ['script', 'textarea', 'option', 'select', 'noscript', 'template', 'iframe', 'object', 'embed', 'title', 'xmp', 'noembed', 'noframes', 'svg', 'math'],
  disallowedTagsMode: 'discard',
} as const satisfies sanitizeHtml.IOptions;

/** Why an offer may not write `url` into the page as `attribute` (redirect-policy.ts' offerUrlProblem); undefined when it may. */
export type OfferUrlProblem = (url: string, attribute: string) => string | undefined;

/** An editor's HTML reduced to the allow-list, each URL attribute that lands off the allowed origins dropped. */
export function sanitizeOfferHtml(html: string, urlProblem: OfferUrlProblem): string {
  return sanitizeHtml(html, {
    ...OFFER_HTML_ALLOW_LIST,
    exclusiveFilter: (frame) => frame.tag === 'style' && UNSAFE_CSS.test(frame.text),
    // Attribute values arrive with their character references decoded (`&#104;ttps:` is `https:`).
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: withoutForeignUrls(attribs, urlProblem) }) },
    allowedTags: [...OFFER_HTML_ALLOW_LIST.allowedTags],
    allowedAttributes: Object.fromEntries(Object.entries(OFFER_HTML_ALLOW_LIST.allowedAttributes).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: [...OFFER_HTML_ALLOW_LIST.allowedSchemes],
    allowedSchemesAppliedToAttributes: [...OFFER_HTML_ALLOW_LIST.allowedSchemesAppliedToAttributes],
    nonTextTags: [...OFFER_HTML_ALLOW_LIST.nonTextTags],
  });
}

export function isUrlAttribute(name: string): boolean {
  return URL_ATTRIBUTES.includes(name.toLowerCase());
}

/** Why an attribute's URL, or any of a srcset's, may not be written (`<url> <descriptor>, …`). */
export function urlAttributeProblem(name: string, value: string, urlProblem: OfferUrlProblem): string | undefined {
  const urls = name.toLowerCase() === 'srcset' ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [value];
  for (const url of urls) {
    const problem = urlProblem(url, name);
    if (problem) return problem;
  }
  return undefined;
}

function withoutForeignUrls(attribs: sanitizeHtml.Attributes, urlProblem: OfferUrlProblem): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (!isUrlAttribute(name) || !urlAttributeProblem(name, value, urlProblem)) kept[name] = value;
  }
  return kept;
}
const ATTRIBUTE_NAMES = new Set<string>(Object.values(OFFER_HTML_ALLOW_LIST.allowedAttributes).flat());

/**
 * Why an untrusted setAttribute may not set `name` to `value` (undefined when it may): the same
 * attributes and URL schemes as the HTML allow-list, on whichever element the selector finds.
 */
export function offerAttributeProblem(name: string, value: string): string | undefined {
  const lower = name.toLowerCase();
  // An inline style set whole would skip SAFE_INLINE_STYLES' checks: setStyle sets styles.
  if (lower === 'style') return 'attribute style may not be set: use setStyle, whose values are checked';
  const wildcard = lower.startsWith('aria-') || lower.startsWith('data-');
  if (!wildcard && !ATTRIBUTE_NAMES.has(lower)) return `attribute ${name} is not in the offers' allow-list`;
  if (URL_ATTRIBUTES.includes(lower) && !isAllowedUrl(value)) return `${name} ${JSON.stringify(value.slice(0, 80))} is not an http(s), mailto, tel or relative URL`;
  return undefined;
}

/** Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`): so does this. */
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f]/g;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

function isAllowedUrl(value: string): boolean {
  const compact = value.replace(IGNORED_IN_SCHEME, '');
  if (compact.startsWith('//') || compact.startsWith('/\\') || compact.startsWith('\\')) return false;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || (OFFER_HTML_ALLOW_LIST.allowedSchemes as readonly string[]).includes(scheme);
}

export function offerStyleProblem(property: string, value: string): string | undefined {
  return UNSAFE_CSS.test(value) ? `style ${property} may not load resources or run script (url(), image-set(), expression(), escapes)` : undefined;
}
