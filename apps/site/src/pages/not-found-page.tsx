import { useContext } from 'react';
import { Link } from 'react-router';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { PageStatusContext } from '../page-status-context';

const NOT_FOUND_ROUTE: PageRoute = { kind: 'not-found' };

/** Any unknown path, and article ids that do not exist. Measured with status Error404 (§2). */
export function NotFoundPage() {
  usePageView(NOT_FOUND_ROUTE);
  const status = useContext(PageStatusContext);
  // Rendering has no other way to tell the server; the object is the one rendering's own.
  if (status) status.notFound = true;
  return (
    <>
      <title>Pàgina no trobada — Mesura.cat</title>
      <h1>Pàgina no trobada</h1>
      <p>La pàgina que busqueu no existeix o ha canviat d'adreça.</p>
      <p>
        Torneu a la <Link to="/">portada</Link> o feu servir el <Link to="/cercador/">cercador</Link>.
      </p>
    </>
  );
}
