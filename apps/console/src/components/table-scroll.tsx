import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls in on a narrow screen, so that the page itself never scrolls
 * sideways. A keyboard user must reach a box that scrolls (WCAG 2.1.1): it takes focus and is a
 * named region (a section with a name), its name the table's caption.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus for the keyboard to scroll it (WCAG 2.1.1), and not every browser makes it focusable by itself.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
