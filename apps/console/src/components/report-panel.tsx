import { useId, type ReactNode } from 'react';
import type { ReportState } from '../hooks/use-page-views-report';
import { failureMessage } from '../reports/failure-message';
import { isEmptyReport } from '../reports/report-maths';
import type { PageViewsReport } from '../reports/report-types';

export const EMPTY_MESSAGE = 'Encara no hi ha dades per a aquest període';

interface ReportPanelProps {
  title: string;
  state: ReportState;
  /** Renders a report that has data; loading, error and empty states are handled here. */
  children: (report: PageViewsReport) => ReactNode;
}

/** One titled block of the screen with the loading, error and empty states every report shares. */
export function ReportPanel({ title, state, children }: ReportPanelProps) {
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <h2 id={headingId}>{title}</h2>
      <PanelBody state={state}>{children}</PanelBody>
    </section>
  );
}

function PanelBody({ state, children }: Pick<ReportPanelProps, 'state' | 'children'>) {
  switch (state.status) {
    case 'loading':
      return <p className="panel__note">S'estan carregant les dades…</p>;
    case 'failed':
      return (
        <p className="panel__error" role="alert">
          {failureMessage(state.failure)}
        </p>
      );
    case 'ready':
      return isEmptyReport(state.report) ? <p className="panel__note">{EMPTY_MESSAGE}</p> : <>{children(state.report)}</>;
  }
}
