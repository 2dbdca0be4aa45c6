/**
 * The live view: the state of the connection ("En directe", reconnecting, closed), then the last
 * snapshot's page views per minute, active pages, and viewers and listeners, updated as events come.
 */
import { ActivePagesTable } from './active-pages-table';
import { LiveAudienceList } from './live-audience-list';
import { PerMinuteChart } from './per-minute-chart';
import { timeLabel } from './realtime-format';
import type { RealtimeSnapshot } from '@mesura/protocol';
import type { RealtimeStatus } from './realtime-status';
import { useRealtimeStream, type OpenEventSource } from './use-realtime-stream';

export function RealtimePanel({ openStream }: { openStream: OpenEventSource }) {
  const { status, restart } = useRealtimeStream(openStream);
  const snapshot = status.kind === 'connecting' ? undefined : status.snapshot;
  return (
    <>
      <ConnectionState status={status} onRestart={restart} />
      {snapshot && <SnapshotView snapshot={snapshot} faded={status.kind !== 'live' || status.stale} />}
    </>
  );
}

function ConnectionState({ status, onRestart }: { status: RealtimeStatus; onRestart: () => void }) {
  switch (status.kind) {
    case 'connecting':
      return (
        <p className="realtime-state" role="status">
          S'està connectant amb les dades en directe…
        </p>
      );
    case 'live':
      return (
        // Only the state is announced; the time of each update changes every few seconds and is not.
        <p className={`realtime-state ${status.stale ? 'realtime-state--stale' : 'realtime-state--live'}`}>
          <span role="status">{status.stale ? "No s'han pogut llegir les dades d'aquest moment; es tornarà a provar." : 'En directe'}</span>{' '}
          <span className="realtime-state__time">{status.stale ? `Dades de les ${timeLabel(status.snapshot.at)}.` : `· actualitzat a les ${timeLabel(status.snapshot.at)}`}</span>
        </p>
      );
    case 'reconnecting':
      return (
        <p className="realtime-state realtime-state--stale" role="status">
          S'ha perdut la connexió; s'està reconnectant…
        </p>
      );
    case 'closed':
      return (
        <div role="alert">
          <p className="panel__error">No s'ha pogut obrir la connexió en directe. Pot ser que la sessió hagi caducat o que hi hagi massa pestanyes obertes amb el temps real.</p>
          <button type="button" className="button" onClick={onRestart}>
            Torna-ho a provar
          </button>
        </div>
      );
  }
}

function SnapshotView({ snapshot, faded }: { snapshot: RealtimeSnapshot; faded: boolean }) {
  const { minutes, activePages, live, minCohort } = snapshot;
  return (
    <div className={faded ? 'panel__stale' : undefined}>
      <section className="panel" aria-labelledby="realtime-minutes">
        <h2 id="realtime-minutes">Pàgines vistes per minut, darrers {minutes.length} minuts</h2>
        <PerMinuteChart minutes={minutes} minCohort={minCohort} />
      </section>
      <section className="panel" aria-labelledby="realtime-pages">
        <h2 id="realtime-pages">Pàgines actives, darrers {activePages.minutes} minuts</h2>
        <ActivePagesTable activePages={activePages} minCohort={minCohort} />
      </section>
      <section className="panel" aria-labelledby="realtime-live">
        <h2 id="realtime-live">Directes ara</h2>
        <div className="realtime-audiences">
          <LiveAudienceList heading="Espectadors per canal" unit="espectadors" sources={live.channels} minCohort={minCohort} />
          <LiveAudienceList heading="Oients per emissora" unit="oients" sources={live.stations} minCohort={minCohort} />
        </div>
        <p className="panel__note">
          Sessions amb activitat en els darrers {live.seconds} segons. Amb menys de {minCohort} visitants es mostra «&lt; {minCohort}».
        </p>
      </section>
    </div>
  );
}
