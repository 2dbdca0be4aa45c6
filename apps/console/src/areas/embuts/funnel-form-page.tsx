import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '../experiments/load-failure';
import { useReportState } from '../../report-view/use-report-state';
import { FunnelForm } from './funnel-form';
import { FUNNELS_AREA_PATH } from './funnel-labels';
import { useFunnelsAndGoals } from './use-funnels-and-goals';

/** `/embuts/nou` and `/embuts/:id/edita`: the funnel form, back to the list once saved. */
export function FunnelFormPage() {
  const { api, funnels, goals } = useFunnelsAndGoals();
  const { id } = useParams();
  const navigate = useNavigate();
  const [state] = useReportState();
  const back = () => void navigate(FUNNELS_AREA_PATH);

  if (id === undefined) return <FunnelForm range={state.range} goals={goals} save={api.save} onSaved={back} onCancel={back} />;
  if (funnels.state.status === 'loading') return <p role="status">S'està carregant l'embut…</p>;
  if (funnels.state.status === 'failed') return <LoadFailure what="No s'ha pogut llegir l'embut." failure={funnels.state.failure} onRetry={() => void funnels.reload()} />;
  const funnel = funnels.state.value.find((f) => f.id === id);
  if (!funnel) {
    return (
      <>
        <h1>Edita un embut</h1>
        <p className="panel__error" role="alert">
          No hi ha cap embut «{id}». <Link to={FUNNELS_AREA_PATH}>Torna als embuts</Link>
        </p>
      </>
    );
  }
  return <FunnelForm funnel={funnel} range={state.range} goals={goals} save={api.save} onSaved={back} onCancel={back} />;
}
