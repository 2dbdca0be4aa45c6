import { NavLink, Outlet } from 'react-router';
import { ConsentSettingsButton } from '../consent/consent-settings-button';

const NAV_ITEMS = [
  { to: '/', label: 'Portada', end: true },
  { to: '/noticies/', label: 'Notícies', end: false },
  { to: '/el-temps/', label: 'El Temps', end: false },
  { to: '/videos/', label: 'Vídeos', end: false },
  { to: '/cercador/', label: 'Cercador', end: false },
] as const;

/** Header, navigation and footer around every page. Pages send their own page views. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#contingut">
        Salta al contingut
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <NavLink to="/" className="site-name" end>
            Mesura<span className="site-name__tld">.cat</span>
          </NavLink>
          <nav aria-label="Navegació principal">
            <ul className="site-nav">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="contingut" className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          Mesura.cat és un lloc de demostració de Mesura, la plataforma oberta de mesura d'audiències. Les notícies
          són exemples inventats.
        </p>
        <ul className="site-footer__links" aria-label="Enllaços">
          <li>
            <a href="/documents/informe-audiencies-2026.pdf">Informe d'audiències 2026 (PDF)</a>
          </li>
          <li>
            <a href="https://www.mesuraradio.example/">Mesura Ràdio</a>
          </li>
          <li>
            <ConsentSettingsButton />
          </li>
        </ul>
      </footer>
    </>
  );
}
