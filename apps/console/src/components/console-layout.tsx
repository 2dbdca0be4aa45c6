import { useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { apiFailureMessage } from '../api/failure-message';
import { onSessionProblem } from '../api/session-guard';
import { API_TOKENS_PATH, HOME_PATH, LOGIN_PATH, PASSWORD_PATH } from '../console-paths';
import { useMe } from '../hooks/use-me';
import { pathReturningTo } from '../session/return-path';
import { SessionContext } from '../session/session-context';
import { CONSOLE_AREAS, HOME_AREA } from '../shell/areas';
import { sharedSearch } from '../shell/shared-search';
import { visibleAreas } from '../shell/visible-areas';
import { SignedInUser } from './signed-in-user';

/** The main region's id, the skip link's target. */
const MAIN_ID = 'contingut';

/**
 * Header and navigation of every console screen, and its door: nobody sees a screen without a
 * session (they go to the login page, which brings them back here), and a person who must replace
 * the initial password sees only the password page until they do.
 */
export function ConsoleLayout() {
  const { state, refresh } = useMe();
  const location = useLocation();
  const navigate = useNavigate();

  // Any call of any screen that finds the session gone or blocked sends the person on.
  useEffect(
    () =>
      onSessionProblem((problem) => {
        if (problem === 'signed-out') void navigate(pathReturningTo(LOGIN_PATH, location), { replace: true });
        else void refresh();
      }),
    [location, navigate, refresh],
  );

  if (state.status === 'signed-out') return <Navigate to={pathReturningTo(LOGIN_PATH, location)} replace />;
  const me = state.status === 'signed-in' ? state.me : undefined;
  if (me?.mustChangePassword && location.pathname !== PASSWORD_PATH) {
    return <Navigate to={pathReturningTo(PASSWORD_PATH, location)} replace />;
  }

  return (
    <>
      {/* The first Tab of every screen: past the header and its navigation, straight to the report. */}
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Salta al contingut
      </a>
      <header className="console-header">
        <p className="console-name">
          Mesura <span aria-hidden="true">·</span> Consola
        </p>
        {me !== undefined && !me.mustChangePassword && (
          <nav aria-label="Seccions de la consola">
            <ul className="console-nav">
              {visibleAreas(CONSOLE_AREAS, me.role).map((area) => (
                <li key={area.path}>
                  <AreaLink path={area.path} label={area.label} search={sharedSearch(location.search)} current={area === HOME_AREA && location.pathname === HOME_PATH} />
                </li>
              ))}
              <li>
                <NavLink to={API_TOKENS_PATH}>Claus API</NavLink>
              </li>
            </ul>
          </nav>
        )}
        {me !== undefined && <SignedInUser me={me} />}
      </header>
      <main className="console-main" id={MAIN_ID} tabIndex={-1}>
        {state.status === 'loading' && <p className="panel__note">S'està comprovant la sessió…</p>}
        {state.status === 'failed' && (
          <div role="alert">
            <p className="panel__error">No s'ha pogut comprovar la sessió. {apiFailureMessage(state.failure)}</p>
            <button type="button" className="button" onClick={() => void refresh()}>
              Torna-ho a provar
            </button>
          </div>
        )}
        {me !== undefined && (
          <SessionContext value={{ me, refresh }}>
            <Outlet />
          </SessionContext>
        )}
      </main>
    </>
  );
}

/**
 * An area's navigation link, carrying the shared report state (`search`) along; `current` marks it
 * where the router cannot (the home shows Audiència).
 */
function AreaLink({ path, label, search, current }: { path: string; label: string; search: string; current: boolean }) {
  const to = { pathname: `/${path}/`, search };
  if (current) {
    return (
      <Link to={to} className="active" aria-current="page">
        {label}
      </Link>
    );
  }
  return <NavLink to={to}>{label}</NavLink>;
}
