import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls in on a narrow screen, so that the page itself never scrolls
 * sideways. A keyboard user must reach a box that scrolls (WCAG 2.1.1): it takes focus and is a
 * named region, its name the table's caption.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
