import { NavLink, useLocation } from 'react-router';
import { sharedSearch } from '../../shell/shared-search';
import { MEDIA_AREA_LABEL, MEDIA_AREA_PATH, MEDIA_SUB_PAGES } from './media-sub-pages';

/**
 * The sub-pages of Vídeo i àudio as links; each keeps the period, comparison, filters and view,
 * not a report's own parameters or drill-down (they belong to the page left).
 */
export function MediaSubNav() {
  const { search } = useLocation();
  return (
    <nav className="media-sub-nav" aria-label={`Seccions de ${MEDIA_AREA_LABEL}`}>
      <ul>
        {MEDIA_SUB_PAGES.map((page) => (
          <li key={page.path}>
            <NavLink to={{ pathname: page.path === '' ? MEDIA_AREA_PATH : `${MEDIA_AREA_PATH}/${page.path}`, search: sharedSearch(search) }} end>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
