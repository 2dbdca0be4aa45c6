import { useEffect, useId, useMemo, useState } from 'react';
import { browserStorage, screenReaderPreference, setScreenReaderPreference } from '../accessibility/preferences';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';

/** /accessibilitat/: the accessibility statement and the visitor's preferences. */
export function AccessibilityPage() {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: { seccio: 'accessibilitat', pageType: 'informacio', pageName: 'mesura:accessibilitat' } }), []));
  const [screenReader, setScreenReader] = useState<boolean>();
  const id = useId();
  useEffect(() => setScreenReader(screenReaderPreference(browserStorage())), []);
  const change = (on: boolean) => {
    setScreenReaderPreference(browserStorage(), on);
    setScreenReader(on);
  };
  return (
    <article className="article">
      <title>Accessibilitat — Mesura.cat</title>
      <h1>Accessibilitat</h1>
      <p>
        Mesura.cat vol ser fàcil d’utilitzar per a tothom. Seguim les pautes WCAG 2.2 de nivell AA: es pot navegar amb el teclat, els vídeos tenen subtítols en català, les imatges tenen text
        alternatiu i el web s’adapta a pantalles de fins a 360 píxels.
      </p>
      <h2>Les vostres preferències</h2>
      <p>
        <input id={id} type="checkbox" checked={screenReader === true} disabled={screenReader === undefined} onChange={(event) => change(event.target.checked)} />{' '}
        <label htmlFor={id}>Faig servir un lector de pantalla</label>
      </p>
      <p className="meta">
        Amb aquesta opció, en passar d’una pàgina a una altra us anunciem la pàgina nova i hi portem el focus. Es desa només en aquest navegador. Les animacions es redueixen sempre que el vostre
        sistema ho demana.
      </p>
      <h2>Limitacions conegudes</h2>
      <p>Els directes de televisió encara no tenen subtítols. Alguns documents PDF antics poden no ser accessibles.</p>
      <h2>Contacte</h2>
      <p>
        Si trobeu cap barrera, escriviu-nos a <a href="mailto:accessibilitat@mesura.cat">accessibilitat@mesura.cat</a>. Us respondrem en un termini màxim de 20 dies.
      </p>
    </article>
  );
}
