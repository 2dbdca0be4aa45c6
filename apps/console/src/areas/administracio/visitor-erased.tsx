import { useRef } from 'react';
import { RowCountsList } from './row-counts-list';
import { useFocusWhen } from './use-focus-when';
import type { VisitorErasure } from './visitor-rights';

/** What an erasure deleted, per table; it takes focus when it appears. */
export function VisitorErased({ erasure }: { erasure: VisitorErasure }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhen(heading, erasure);
  return (
    <section className="admin-result" aria-labelledby="visitor-erased-heading">
      <h3 id="visitor-erased-heading" ref={heading} tabIndex={-1}>
        S'han esborrat les dades de <code>{erasure.visitorId}</code>
      </h3>
      <RowCountsList counts={erasure.deleted} />
    </section>
  );
}
