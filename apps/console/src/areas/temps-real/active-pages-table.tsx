import { formatCount } from '../../reports/format';
import type { RealtimeSnapshot } from '@mesura/protocol';
import { TableScroll } from '../../components/table-scroll';

/** The pages most viewed in the last minutes, by title, each linking to the page. */
export function ActivePagesTable({ activePages, minCohort }: Pick<RealtimeSnapshot, 'activePages' | 'minCohort'>) {
  const { pages, minutes, total, others } = activePages;
  return (
    <>
      <p className="realtime-total">
        {total
          ? `En total, ${formatCount(total.pageViews)} pàgines vistes per ${formatCount(total.visitors)} visitants en els darrers ${minutes} minuts.`
          : `Menys de ${minCohort} visitants en els darrers ${minutes} minuts.`}
      </p>
      {pages.length === 0 && !others ? (
        <p className="panel__note">Cap pàgina no ha tingut prou visitants en els darrers {minutes} minuts.</p>
      ) : (
        <TableScroll label={`Pàgines actives dels darrers ${minutes} minuts`}>
          <table className="report-table">
            <caption className="visually-hidden">Pàgines actives dels darrers {minutes} minuts</caption>
            <thead>
              <tr>
                <th scope="col">Pàgina</th>
                <th scope="col" className="numeric">
                  Pàgines vistes
                </th>
                <th scope="col" className="numeric">
                  Visitants
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.url}>
                  <th scope="row">
                    <a href={safeHref(page.url)} target="_blank" rel="noreferrer">
                      {page.title ?? page.url}
                    </a>
                  </th>
                  <td className="numeric">{formatCount(page.pageViews)}</td>
                  <td className="numeric">{formatCount(page.visitors)}</td>
                </tr>
              ))}
              {others && (
                <tr>
                  <th scope="row">
                    Altres {formatCount(others.pages)} pàgines (menys de {minCohort} visitants cadascuna)
                  </th>
                  <td className="numeric">{formatCount(others.pageViews)}</td>
                  <td className="numeric">{formatCount(others.visitors)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="panel__note">
        Les pàgines vistes per menys de {minCohort} visitants no es mostren una per una, perquè no identifiquin ningú: se sumen a «Altres» quan juntes arriben a {minCohort} visitants.
      </p>
    </>
  );
}

/** Only web addresses become links: a stored URL comes from a beacon, and `javascript:` must never be one. */
function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}
