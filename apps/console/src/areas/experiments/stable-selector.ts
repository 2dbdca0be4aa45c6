/**
 * A CSS selector for an element an editor clicked in the visual editor, made to keep finding the
 * same element on the next visit: anchored on the nearest element the site names for good (an
 * id, or the `data-mesura-call` a tracked control carries), then down by tag and class, with a
 * position only where siblings are alike. Generated ids (with digits runs, React's `:r0:`) are
 * not anchors: they change between renders. Pure: reads the element and its ancestors only.
 */

/** The attributes the site puts on the controls it measures (apps/site direct calls). */
export const ANCHOR_ATTRIBUTES = ['data-mesura-call'] as const;

/** The most levels a selector climbs before it stops at the body. */
export const MAX_SELECTOR_DEPTH = 12;

/** What the maker reads of an element: a DOM Element satisfies it. */
export interface SelectableElement {
  readonly tagName: string;
  readonly id: string;
  getAttribute(name: string): string | null;
  readonly parentElement: SelectableElement | null;
  readonly children: ArrayLike<SelectableElement>;
}

/** An identifier CSS reads without escapes, and not one a framework made up. */
const PLAIN_IDENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const GENERATED = /\d{3,}|^[a-z]{1,2}\d|^:|^react-|^radix-/i;

const isStableName = (name: string) => PLAIN_IDENT.test(name) && !GENERATED.test(name);

/** A string as a quoted CSS attribute value. */
export function quotedCssValue(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ')}"`;
}

function anchorOf(element: SelectableElement): string | undefined {
  if (element.id !== '' && isStableName(element.id)) return `#${element.id}`;
  for (const name of ANCHOR_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null && value !== '') return `[${name}=${quotedCssValue(value)}]`;
  }
  return undefined;
}

function classesOf(element: SelectableElement): string[] {
  return (element.getAttribute('class') ?? '').split(/\s+/).filter(isStableName);
}

/** The element's step under its parent: tag and classes, with :nth-of-type when a sibling matches the same. */
function stepOf(element: SelectableElement): string {
  const tag = element.tagName.toLowerCase();
  const classes = classesOf(element);
  const siblings = Array.from(element.parentElement?.children ?? []).filter((s) => s.tagName === element.tagName);
  const withClasses = `${tag}${classes.map((c) => `.${c}`).join('')}`;
  const alike = siblings.filter((s) => classes.every((c) => classesOf(s).includes(c)));
  if (alike.length <= 1) return withClasses;
  return `${withClasses}:nth-of-type(${siblings.indexOf(element) + 1})`;
}

/** The selector for `element`: its nearest anchor (or the body) and the steps down to it. */
export function stableSelector(element: SelectableElement): string {
  const steps: string[] = [];
  let current: SelectableElement | null = element;
  for (let depth = 0; current !== null && depth < MAX_SELECTOR_DEPTH; depth++) {
    const anchor = anchorOf(current);
    if (anchor !== undefined) return [anchor, ...steps].join(' > ');
    const tag = current.tagName.toLowerCase();
    if (tag === 'body' || tag === 'html') break;
    steps.unshift(stepOf(current));
    current = current.parentElement;
  }
  return ['body', ...steps].join(' > ');
}
