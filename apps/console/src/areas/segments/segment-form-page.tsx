import { Link, useNavigate, useParams } from 'react-router';
import { useReportState } from '../../report-view/use-report-state';
import { LoadFailure } from '../experiments/load-failure';
import { SegmentForm } from './segment-form';
import { SEGMENTS_AREA_PATH } from './segment-labels';
import { useSegmentsAndGoals } from './use-segments-and-goals';

/** `/segments/nou` and `/segments/:id/edita`: the segment builder, back to the list once saved. */
export function SegmentFormPage() {
  const { api, segments, goals } = useSegmentsAndGoals();
  const { id } = useParams();
  const navigate = useNavigate();
  const [state] = useReportState();
  const back = () => void navigate(SEGMENTS_AREA_PATH);

  if (id === undefined) return <SegmentForm range={state.range} goals={goals} save={api.save} onSaved={back} onCancel={back} />;
  if (segments.state.status === 'loading') return <p role="status">S'està carregant el segment…</p>;
  if (segments.state.status === 'failed') return <LoadFailure what="No s'ha pogut llegir el segment." failure={segments.state.failure} onRetry={() => void segments.reload()} />;
  const segment = segments.state.value.find((s) => s.id === id);
  if (!segment) {
    return (
      <>
        <h1>Edita un segment</h1>
        <p className="panel__error" role="alert">
          No hi ha cap segment «{id}» que pugueu veure. <Link to={SEGMENTS_AREA_PATH}>Torna als segments</Link>
        </p>
      </>
    );
  }
  return <SegmentForm segment={segment} range={state.range} goals={goals} save={api.save} onSaved={back} onCancel={back} />;
}
