import { Link } from 'react-router';
import type { Activity } from '@mesura/protocol';
import { STATUS_LABELS, TYPE_LABELS, goalLabel, locationsLabel } from './experiment-labels';
import { activityPath } from './experiment-paths';
import type { SiteGoal } from './site-goals';
import { TableScroll } from '../../components/table-scroll';

function pagesOf(activity: Activity): string {
  const prefix = activity.audience?.path?.prefix;
  const regex = activity.audience?.path?.regex;
  const pages = prefix !== undefined ? `${prefix}…` : regex !== undefined ? `/${regex}/` : 'Totes les pàgines';
  return `${pages} · ${locationsLabel(activity.mboxes)}`;
}

/** One row per activity: its name linking to its results, type, state, pages and locations (mboxes), goal and trust mark. */
export function ActivityTable({ activities, siteGoals, caption }: { activities: Activity[]; siteGoals: readonly SiteGoal[]; caption: string }) {
  return (
    <TableScroll label={caption}>
      <table className="report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col">Tipus</th>
            <th scope="col">Estat</th>
            <th scope="col">Pàgines i ubicacions</th>
            <th scope="col">Objectiu</th>
            <th scope="col">De confiança</th>
          </tr>
        </thead>
        <tbody>
          {activities.map((activity) => (
            <tr key={activity.id}>
              <th scope="row">
                <Link to={activityPath(activity.id)}>{activity.name}</Link>
              </th>
              <td>{TYPE_LABELS[activity.type]}</td>
              <td>
                <span className={`status-badge status-badge--${activity.status}`}>{STATUS_LABELS[activity.status]}</span>
              </td>
              <td>{pagesOf(activity)}</td>
              <td>{goalLabel(activity.goal, siteGoals)}</td>
              <td>{activity.trusted === true ? <span title={`Per ${activity.trustedBy ?? ''}`}>✓ Sí</span> : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
