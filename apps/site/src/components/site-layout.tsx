import { NavLink, Outlet } from 'react-router';
import { ConsentSettingsButton } from '../consent/consent-settings-button';
import { AccountLink } from '../account/account-link';
import { RouteAnnouncer } from '../accessibility/route-announcer';
import { SisterSites } from './sister-sites';
import { SiteMenu } from './site-menu';

const NAV_ITEMS = [
  { to: '/', label: 'Portada', end: true },
  { to: '/noticies/', label: 'Notícies', end: false },
  { to: '/directes/', label: 'Directes', end: false },
  { to: '/radio/', label: 'Ràdio', end: false },
  { to: '/programes/', label: 'Programes', end: false },
  { to: '/el-temps/', label: 'El temps', end: false },
  { to: '/joc/', label: 'El joc', end: false },
  { to: '/cercador/', label: 'Cercador', end: false },
] as const;

const SECTION_LINKS = [
  { to: '/noticies/politica/', label: 'Política' },
  { to: '/noticies/societat/', label: 'Societat' },
  { to: '/noticies/economia/', label: 'Economia' },
  { to: '/noticies/internacional/', label: 'Internacional' },
  { to: '/noticies/cultura/', label: 'Cultura' },
  { to: '/noticies/esports/', label: 'Esports' },
] as const;

/** Header, navigation and footer around every page. Pages send their own page views. */
export function SiteLayout() {
  return (
    <>
      <RouteAnnouncer />
      <a className="skip-link" href="#contingut">
        Salta al contingut
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <NavLink to="/" className="site-name" end>
            Mesura<span className="site-name__tld">.cat</span>
          </NavLink>
          <SiteMenu label="Navegació principal">
            <ul className="site-nav">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </SiteMenu>
          <AccountLink />
        </div>
      </header>
      <main id="contingut" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <nav aria-label="Seccions">
          <ul className="site-footer__links">
            {SECTION_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p>Mesura.cat, el web de notícies, televisió i ràdio públiques. Mesurem l'audiència amb eines obertes i només amb el vostre consentiment.</p>
        <ul className="site-footer__links" aria-label="Enllaços">
          <li>
            <a href="/documents/informe-audiencies-2026.pdf">Informe d'audiències 2026 (PDF)</a>
          </li>
          <li>
            <NavLink to="/radio/">Ràdio en directe: totes les emissores</NavLink>
          </li>
          <li>
            <NavLink to="/accessibilitat/">Accessibilitat</NavLink>
          </li>
          <SisterSites />
          <li>
            <ConsentSettingsButton />
          </li>
        </ul>
      </footer>
    </>
  );
}
