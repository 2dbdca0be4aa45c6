import { useCallback, useState } from 'react';
import type { Activity } from '@mesura/protocol';
import { useLoaded } from '../administracio/use-loaded';
import { useExperimentsApi } from './experiments-api-context';
import { LoadFailure } from './load-failure';
import { PreviewPagePicker } from './preview-page-picker';
import { ResultsComparisonTable } from './results-comparison-table';
import { ResultsTable } from './results-table';
import { formatPValue } from './results-format';

/** The activity's results since it started, with the sample-ratio warning when assignment went wrong. */
export function ResultsPanel({ activity }: { activity: Activity }) {
  const api = useExperimentsApi();
  // Read again when the activity changes (its state, its experiences).
  const results = useLoaded(useCallback((signal?: AbortSignal) => api.results(activity.id, signal), [api, activity]));
  const [previewPath, setPreviewPath] = useState<string | undefined>(undefined);
  const sampleRatio = results.state.status === 'ready' ? results.state.value.sampleRatio : null;
  return (
    <section className="panel" aria-labelledby="results-heading" aria-busy={results.state.status === 'loading'}>
      <h2 id="results-heading">Resultats</h2>
      {results.state.status === 'loading' && <p className="panel__note">S'estan carregant els resultats…</p>}
      {results.state.status === 'failed' && <LoadFailure what="No s'han pogut llegir els resultats." failure={results.state.failure} onRetry={() => void results.reload()} />}
      {sampleRatio?.mismatch === true && (
        <div className="srm-warning" role="alert">
          <p>
            <strong>Atenció: el repartiment dels visitants no segueix les quotes de l'experiment</strong> (desajust de la proporció de mostra, valor p {formatPValue(sampleRatio.pValue)}). Alguna cosa
            assigna o compta malament els visitants: no us fieu d'aquests resultats fins a trobar-ne la causa.
          </p>
        </div>
      )}
      {results.state.status === 'ready' && (
        <>
          <PreviewPagePicker prefix={activity.audience?.path?.prefix} path={previewPath} onChange={setPreviewPath} />
          <ResultsTable activity={activity} results={results.state.value} previewPath={previewPath ?? '/'} />
          <h3 className="comparison-heading">Comparació amb el control</h3>
          <ResultsComparisonTable results={results.state.value} />
        </>
      )}
      <p className="admin-note">
        L'interval de confiança del 95 % i el valor p d'horitzó fix (prova z de dues proporcions) només valen si es llegeixen una vegada, quan acaba l'experiment: mirar-los cada dia i aturar-se quan
        semblen significatius multiplica els falsos positius. L'interval sempre vàlid i el seu valor p (prova seqüencial de raó de versemblances amb mescla, mSPRT) es poden consultar cada dia: la
        probabilitat d'un fals positiu es manté per sota del 5 % per moltes vegades que es mirin. L'ajust CUPED resta el que ja predeia el comportament de cada visitant abans d'entrar-hi, i estreny
        l'interval sense canviar què mesura. La probabilitat de superar el control és bayesiana. Les experiències amb menys visitants que el mínim no mostren xifres.
      </p>
    </section>
  );
}
