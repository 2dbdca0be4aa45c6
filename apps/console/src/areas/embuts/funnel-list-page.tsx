import { useState } from 'react';
import { Link } from 'react-router';
import type { FunnelDefinition } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import { useSession } from '../../session/session-context';
import { mayOpen } from '../../shell/visible-areas';
import { LoadFailure } from '../experiments/load-failure';
import { FUNNELS_AREA_PATH, scopeLabel, stepsSummary } from './funnel-labels';
import { useFunnelsAndGoals } from './use-funnels-and-goals';
import { EditDeleteActions } from '../../components/edit-delete-actions';

/** Embuts: every funnel, its steps and scope, and a link to its report; editors create, edit and delete them. */
export function FunnelListPage() {
  const { api, funnels } = useFunnelsAndGoals();
  const { me } = useSession();
  const editor = mayOpen({ minRole: 'editor' }, me.role);
  const [deleting, setDeleting] = useState<string>();
  const [problem, setProblem] = useState<string>();

  const remove = async (funnel: FunnelDefinition) => {
    const result = await api.remove(funnel.id);
    setDeleting(undefined);
    setProblem(result.ok ? undefined : `No s'ha pogut esborrar «${funnel.name}». ${apiFailureMessage(result.failure)}`);
    await funnels.reload();
  };

  return (
    <>
      <title>Embuts · Mesura · Consola</title>
      <div className="page-heading">
        <h1>Embuts</h1>
        {editor && (
          <Link className="button" to={`${FUNNELS_AREA_PATH}/nou`}>
            Nou embut
          </Link>
        )}
      </div>
      <p className="page-intro">
        Els passos que esperem que facin els visitants, en ordre: quants arriben a cada pas, quants es perden pel camí, quant hi triguen i on van els que abandonen. Cada embut compta també les dades
        d'abans de definir-lo.
      </p>
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      <section className="panel" aria-labelledby="funnels-heading" aria-busy={funnels.state.status === 'loading'}>
        <h2 id="funnels-heading">Embuts definits</h2>
        {funnels.state.status === 'failed' && <LoadFailure what="No s'han pogut llegir els embuts." failure={funnels.state.failure} onRetry={() => void funnels.reload()} />}
        {funnels.state.status === 'ready' && funnels.state.value.length === 0 && <p className="panel__note">Encara no hi ha cap embut.{editor ? ' Creeu-ne un amb «Nou embut».' : ''}</p>}
        {funnels.state.status === 'ready' && funnels.state.value.length > 0 && (
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">Embut</th>
                <th scope="col">Passos</th>
                <th scope="col">On</th>
                {editor && <th scope="col">Accions</th>}
              </tr>
            </thead>
            <tbody>
              {funnels.state.value.map((funnel) => (
                <tr key={funnel.id}>
                  <th scope="row">
                    <Link to={`${FUNNELS_AREA_PATH}/${encodeURIComponent(funnel.id)}`}>{funnel.name}</Link>
                  </th>
                  <td>{stepsSummary(funnel.steps)}</td>
                  <td>{scopeLabel(funnel)}</td>
                  {editor && (
                    <td>
                      <EditDeleteActions
                        editPath={`${FUNNELS_AREA_PATH}/${encodeURIComponent(funnel.id)}/edita`}
                        confirming={deleting === funnel.id}
                        onAsk={() => setDeleting(funnel.id)}
                        onConfirm={() => void remove(funnel)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
