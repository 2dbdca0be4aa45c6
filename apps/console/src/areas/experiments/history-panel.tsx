import { formatInstant } from '../../tokens/format-instant';
import type { Loaded } from '../administracio/use-loaded';
import { actorLabel, changeSummary, type ActivityChange } from './activity-history';
import { LoadFailure } from './load-failure';
import { keyedByContent } from '../../components/content-keys';
import { TableScroll } from '../../components/table-scroll';

interface HistoryPanelProps {
  history: Loaded<ActivityChange[]>;
  onRetry: () => void;
}

/** Every change of the activity, newest first: when, who, and what changed. */
export function HistoryPanel({ history, onRetry }: HistoryPanelProps) {
  return (
    <section className="panel" aria-labelledby="history-heading" aria-busy={history.status === 'loading'}>
      <h2 id="history-heading">Historial de canvis</h2>
      {history.status === 'loading' && <p className="panel__note">S'està carregant l'historial…</p>}
      {history.status === 'failed' && <LoadFailure what="No s'ha pogut llegir l'historial." failure={history.failure} onRetry={onRetry} />}
      {history.status === 'ready' && history.value.length === 0 && <p className="panel__note">No hi ha cap canvi registrat.</p>}
      {history.status === 'ready' && history.value.length > 0 && (
        <TableScroll label={'Historial de canvis'}>
          <table className="report-table history-table">
            <caption className="visually-hidden">Historial de canvis, el més recent primer</caption>
            <thead>
              <tr>
                <th scope="col">Quan</th>
                <th scope="col">Qui</th>
                <th scope="col">Què ha canviat</th>
              </tr>
            </thead>
            <tbody>
              {keyedByContent(history.value, (change) => `${change.at}|${change.by}`).map(({ row: change, key }) => (
                <tr key={key}>
                  <td>
                    <time dateTime={change.at}>{formatInstant(change.at)}</time>
                  </td>
                  <td>{actorLabel(change.by)}</td>
                  <td className="history-table__what">{changeSummary(change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
