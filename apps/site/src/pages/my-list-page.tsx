import { contentApi, sitePaths, type ArticleResponse, type EpisodeResponse, type ProgrammeResponse } from '@mesura/content';
import { useEffect, useMemo, useRef, useState } from 'react';
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

  const { listRef, headingRef, removed, remove } = useRemoval(setItems);

  return (
    <>
      <title>La meva llista — Mesura.cat</title>
      <h1 ref={headingRef} tabIndex={-1}>
        La meva llista
      </h1>
      <p role="status" className="visually-hidden">
        {removed === undefined ? '' : `S’ha tret «${removed}» de la llista.`}
      </p>
      {visitor === undefined ? (
        <p>
          <Link to="/entrar/?torna=%2Fla-meva-llista%2F">Entreu</Link> per veure el que heu desat per a més tard.
        </p>
      ) : items === undefined ? (
        <p role="status">S’està carregant la vostra llista…</p>
      ) : items.length === 0 ? (
        <p>Encara no heu desat res. Feu servir «Desa per a més tard» a les notícies i als episodis.</p>
      ) : (
        <ul ref={listRef} className="my-list">
          {items.map((item, index) => (
            <li key={`${item.type}:${item.id}`}>
              <Link to={item.path}>{item.title}</Link>
              <button type="button" className="link-button" onClick={() => void remove(item, index)}>
                Treu de la llista<span className="visually-hidden">: {item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * "Treu de la llista": removes the item and, since its button goes with it, moves focus to the
 * button of the item that takes its place (or the one before it, or the heading once the list is
 * empty) instead of dropping it on the page's body; a status line says what was removed.
 */
function useRemoval(setItems: (update: (items: Shown[] | undefined) => Shown[] | undefined) => void) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<{ title: string; index: number }>();
  useEffect(() => {
    if (removed === undefined) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(removed.index, buttons.length - 1)] ?? headingRef.current)?.focus();
  }, [removed]);
  const remove = async (item: Shown, index: number) => {
    if (!(await visitorApi.remove(item.type, item.id)).ok) return;
    setItems((now) => now?.filter((i) => i !== item));
    setRemoved({ title: item.title, index });
  };
  return { listRef, headingRef, removed: removed?.title, remove };
}
