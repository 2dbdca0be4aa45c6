/**
 * The Administració area (admins only), mounted by the console's shell at /administracio/*:
 * users and roles, the admin's own API tokens, visitors' access and erasure requests, and the
 * account audit, each a sub-page with its own address.
 */
import type { ReactElement } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { ApiTokensPage } from '../../pages/api-tokens-page';
import { useSession } from '../../session/session-context';
import { AccountAuditPage } from './account-audit-page';
import { ADMIN_AREA_PATH, ADMIN_PAGES, type AdminPageSlug } from './admin-pages';
import { UsersPage } from './users-page';
import { VisitorRightsPage } from './visitor-rights-page';
import './administracio.css';

const PAGE_ELEMENTS: Record<AdminPageSlug, ReactElement> = {
  usuaris: <UsersPage />,
  'claus-api': <ApiTokensPage />,
  'drets-visitants': <VisitorRightsPage />,
  registre: <AccountAuditPage />,
};

export default function AdministracioArea() {
  const { me } = useSession();
  if (me.role !== 'admin') {
    return (
      <>
        <h1>Administració</h1>
        <p className="panel__error" role="alert">
          Aquesta secció és només per a administradors; el vostre rol no hi té accés.
        </p>
      </>
    );
  }
  return (
    <>
      <nav aria-label="Administració">
        <ul className="admin-nav">
          {ADMIN_PAGES.map((page) => (
            <li key={page.slug}>
              <NavLink to={`${ADMIN_AREA_PATH}/${page.slug}`}>{page.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to={`${ADMIN_AREA_PATH}/${ADMIN_PAGES[0].slug}`} replace />} />
        {ADMIN_PAGES.map((page) => (
          <Route key={page.slug} path={page.slug} element={PAGE_ELEMENTS[page.slug]} />
        ))}
        <Route path="*" element={<Navigate to={ADMIN_AREA_PATH} replace />} />
      </Routes>
    </>
  );
}
