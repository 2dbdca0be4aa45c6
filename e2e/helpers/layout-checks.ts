import type { Locator, Page } from 'playwright-core';

/**
 * Boxes (`boxSelector`, each one matched) that reach past the page's width, and elements that reach
 * past the sides of their box, one line each: what a reader at that width sees cut off or has to
 * scroll sideways for. Content that scrolls inside its own box (a wide table's scroller) and
 * visually hidden text are not counted.
 */
export function elementsPastTheirBox(page: Page, boxSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    // Rounding: a box's sides are fractional, and a sub-pixel difference is not seen.
    const TOLERANCE_PX = 1;
    const scrollsWithin = (element: Element, box: Element) => {
      for (let at = element.parentElement; at && at !== box; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if (overflow !== 'visible') return true;
      }
      return false;
    };
    const found: string[] = [];
    const pageWidth = document.documentElement.clientWidth;
    for (const box of document.querySelectorAll(selector)) {
      const outer = box.getBoundingClientRect();
      if (outer.left < -TOLERANCE_PX || outer.right > pageWidth + TOLERANCE_PX) found.push(`${selector} ${Math.round(outer.left)}–${Math.round(outer.right)} px on a page of ${pageWidth}`);
      for (const element of box.querySelectorAll('*')) {
        const rect = element.getBoundingClientRect();
        if (rect.width <= TOLERANCE_PX || scrollsWithin(element, box)) continue;
        if (rect.left < outer.left - TOLERANCE_PX || rect.right > outer.right + TOLERANCE_PX) {
          const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
          found.push(`${name} «${element.textContent?.trim().slice(0, 40)}» ${Math.round(rect.left)}–${Math.round(rect.right)} px in ${Math.round(outer.left)}–${Math.round(outer.right)}`);
        }
      }
    }
    return found;
  }, boxSelector);
}

/** The accessible names of the buttons and links in `within`, in page order, as a screen reader lists them. */
export async function controlNames(within: Locator): Promise<string[]> {
  const snapshot = await within.ariaSnapshot();
  return [...snapshot.matchAll(/^\s*- (?:button|link) "((?:[^"\\]|\\.)*)"/gm)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

/** The names given to more than one control. */
export const repeatedNames = (names: readonly string[]): string[] => [...new Set(names.filter((name, at) => names.indexOf(name) !== at))];
