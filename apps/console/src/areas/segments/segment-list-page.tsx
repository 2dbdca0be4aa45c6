import { useState } from 'react';
import { Link } from 'react-router';
import type { StoredSegment } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import type { Me } from '../../session/me';
import { useSession } from '../../session/session-context';
import { mayOpen } from '../../shell/visible-areas';
import { LoadFailure } from '../experiments/load-failure';
import { conditionSummary, MATCH_LABELS, SEGMENTS_AREA_PATH } from './segment-labels';
import { useSegmentsAndGoals } from './use-segments-and-goals';
import { EditDeleteActions } from '../../components/edit-delete-actions';

/** Whether `me` may change the segment, as the server decides (segment-routes.ts): their own, or a shared one as an editor. */
export const mayChangeSegment = (segment: StoredSegment, me: Me) => segment.owner === me.email || (segment.shared && mayOpen({ minRole: 'editor' }, me.role));

/** Segments: every segment the person may apply, what it asks and who sees it; each opens the reports narrowed to it. */
export function SegmentListPage() {
  const { api, segments } = useSegmentsAndGoals();
  const { me } = useSession();
  const [deleting, setDeleting] = useState<string>();
  const [problem, setProblem] = useState<string>();

  const remove = async (segment: StoredSegment) => {
    const result = await api.remove(segment.id);
    setDeleting(undefined);
    setProblem(result.ok ? undefined : `No s'ha pogut esborrar «${segment.name}». ${apiFailureMessage(result.failure)}`);
    await segments.reload();
  };

  return (
    <>
      <title>Segments · Mesura · Consola</title>
      <div className="page-heading">
        <h1>Segments</h1>
        <Link className="button" to={`${SEGMENTS_AREA_PATH}/nou`}>
          Nou segment
        </Link>
      </div>
      <p className="page-intro">
        Grups de visitants definits per condicions (dispositiu, lloc, origen, pàgines vistes, crides, objectius, programes). Trieu-ne un a la barra de filtres de qualsevol informe, embut o camí, o
        compareu-ne dos de costat.
      </p>
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      <section className="panel" aria-labelledby="segments-heading" aria-busy={segments.state.status === 'loading'}>
        <h2 id="segments-heading">Segments definits</h2>
        {segments.state.status === 'failed' && <LoadFailure what="No s'han pogut llegir els segments." failure={segments.state.failure} onRetry={() => void segments.reload()} />}
        {segments.state.status === 'ready' && segments.state.value.length === 0 && <p className="panel__note">Encara no hi ha cap segment. Creeu-ne un amb «Nou segment».</p>}
        {segments.state.status === 'ready' && segments.state.value.length > 0 && (
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">Segment</th>
                <th scope="col">Condicions</th>
                <th scope="col">Qui el veu</th>
                <th scope="col">Accions</th>
              </tr>
            </thead>
            <tbody>
              {segments.state.value.map((segment) => (
                <tr key={segment.id}>
                  <th scope="row">
                    <Link to={`/audiencia?s=${encodeURIComponent(segment.id)}`}>{segment.name}</Link>
                  </th>
                  <td>{segment.groups.map((group) => `(${group.conditions.map(conditionSummary).join(group.match === 'all' ? ' i ' : ' o ')})`).join(` ${MATCH_LABELS[segment.match]} `)}</td>
                  <td>{segment.shared ? "Tot l'equip" : 'Només vós'}</td>
                  <td>
                    {mayChangeSegment(segment, me) && (
                      <EditDeleteActions
                        editPath={`${SEGMENTS_AREA_PATH}/${encodeURIComponent(segment.id)}/edita`}
                        confirming={deleting === segment.id}
                        onAsk={() => setDeleting(segment.id)}
                        onConfirm={() => void remove(segment)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
