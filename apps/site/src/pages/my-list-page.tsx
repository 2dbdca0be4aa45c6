import { contentApi, sitePaths, type ArticleResponse, type EpisodeResponse, type ProgrammeResponse } from '@mesura/content';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useVisitor } from '../account/use-visitor';
import { visitorApi, type ListItem } from '../account/visitor-session';
import { loadContent } from '../content/content-client';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import '../account/account.css';

interface Shown extends ListItem {
  title: string;
  path: string;
}

/** An item of the list with its title and address, from the content API; undefined when it is gone. */
async function describe(item: ListItem): Promise<Shown | undefined> {
  if (item.type === 'article') {
    const found = await loadContent<ArticleResponse>(contentApi.article(item.id));
    return found && { ...item, title: found.article.title, path: sitePaths.article(found.article) };
  }
  if (item.type === 'episode') {
    const found = await loadContent<EpisodeResponse>(contentApi.episode(item.id));
    return found && { ...item, title: found.episode.title, path: sitePaths.episode(found.episode) };
  }
  const found = await loadContent<ProgrammeResponse>(contentApi.programme(item.id));
  return found && { ...item, title: found.programme.title, path: sitePaths.programme(found.programme.slug) };
}

/** /la-meva-llista/: what the signed-in visitor saved for later, newest first, each removable. */
export function MyListPage() {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: { seccio: 'usuari', pageType: 'llista', pageName: 'mesura:la-meva-llista' } }), []));
  const visitor = useVisitor();
  const [items, setItems] = useState<Shown[]>();
  useEffect(() => {
    if (visitor === undefined) return;
    void visitorApi.list().then(async (list) => setItems((await Promise.all((list ?? []).map(describe))).filter((i): i is Shown => i !== undefined)));
  }, [visitor]);

  const remove = async (item: Shown) => {
    if ((await visitorApi.remove(item.type, item.id)).ok) setItems((now) => now?.filter((i) => i !== item));
  };

  return (
    <>
      <title>La meva llista — Mesura.cat</title>
      <h1>La meva llista</h1>
      {visitor === undefined ? (
        <p>
          <Link to="/entrar/?torna=%2Fla-meva-llista%2F">Entreu</Link> per veure el que heu desat per a més tard.
        </p>
      ) : items === undefined ? (
        <p role="status">S’està carregant la vostra llista…</p>
      ) : items.length === 0 ? (
        <p>Encara no heu desat res. Feu servir «Desa per a més tard» a les notícies i als episodis.</p>
      ) : (
        <ul className="my-list">
          {items.map((item) => (
            <li key={`${item.type}:${item.id}`}>
              <Link to={item.path}>{item.title}</Link>
              <button type="button" className="link-button" onClick={() => void remove(item)}>
                Treu de la llista<span className="visually-hidden">: {item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
