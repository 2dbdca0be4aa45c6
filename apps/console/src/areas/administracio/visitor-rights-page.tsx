import { apiFailureMessage } from '../../api/failure-message';
import { RIGHTS_REQUESTS_LISTED } from './admin-api';
import { useAdminApi } from './admin-api-context';
import { RightsRequestsTable } from './rights-requests-table';
import { useLoaded } from './use-loaded';
import { VisitorLookup } from './visitor-lookup';

/** Drets dels visitants: answering a visitor's request for a copy of their data or its erasure, and the record of both. */
export function VisitorRightsPage() {
  const api = useAdminApi();
  const requests = useLoaded(api.rightsRequests);

  return (
    <>
      <title>Drets dels visitants · Administració · Mesura · Consola</title>
      <h1>Drets dels visitants</h1>
      <p className="page-intro">
        Un visitant troba el seu identificador a la configuració de galetes del web i el pot enviar per demanar una còpia de les seves dades (dret d'accés) o que les esborrem (dret de supressió). Cada
        consulta i cada esborrament queden registrats amb qui els ha fet.
      </p>

      <section className="panel" aria-labelledby="visitor-lookup-heading">
        <h2 id="visitor-lookup-heading">Consulta o esborra un visitant</h2>
        <VisitorLookup onRecorded={requests.reload} />
      </section>

      <section className="panel" aria-labelledby="rights-requests-heading" aria-busy={requests.state.status === 'loading'}>
        <h2 id="rights-requests-heading">Peticions registrades</h2>
        <p className="panel__note">Les {RIGHTS_REQUESTS_LISTED} més recents primer.</p>
        {requests.state.status === 'loading' && <p className="panel__note">S'estan carregant les peticions…</p>}
        {requests.state.status === 'failed' && (
          <p className="panel__error" role="alert">
            No s'han pogut llegir les peticions. {apiFailureMessage(requests.state.failure)}
          </p>
        )}
        {requests.state.status === 'ready' && <RightsRequestsTable requests={requests.state.value} />}
      </section>
    </>
  );
}
