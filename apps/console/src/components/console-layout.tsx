import { NavLink, Outlet } from 'react-router';

/** Header and navigation of every console screen. */
export function ConsoleLayout() {
  return (
    <>
      <header className="console-header">
        <p className="console-name">
          Mesura <span aria-hidden="true">·</span> Consola
        </p>
        <nav aria-label="Seccions de la consola">
          <ul className="console-nav">
            <li>
              <NavLink to="/" end>
                Audiència
              </NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <main className="console-main">
        <Outlet />
      </main>
    </>
  );
}
