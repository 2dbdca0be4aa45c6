import { sitePaths, type Programme, type ProgrammesResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { programmesIndexFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { programmeCard } from '../programmes/card-items';
import { MediaCardList } from '../programmes/media-card';

/** The index's groups: TV programmes ('video') first, then podcasts and radio ('audio'). */
const GROUPS: { kind: Programme['kind']; id: string; heading: string }[] = [
  { kind: 'video', id: 'televisio', heading: 'Televisió' },
  { kind: 'audio', id: 'podcasts', heading: 'Pòdcasts i ràdio' },
];

/** /programes/: every programme, grouped TV / podcasts. */
export function ProgrammesPage() {
  const data = usePageData<ProgrammesResponse | undefined>();
  const programmes = data?.programmes ?? [];
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: programmesIndexFields() }), []));
  return (
    <>
      <title>Programes — Mesura.cat</title>
      <h1>Programes</h1>
      <p className="lead">
        Els programes de televisió i els pòdcasts de Mesura, amb totes les temporades i els capítols a la carta. Els darrers capítols publicats són a{' '}
        <Link to={sitePaths.media()}>Vídeos i àudios</Link>.
      </p>
      {GROUPS.map((group) => {
        const items = programmes.filter((programme) => programme.kind === group.kind);
        if (items.length === 0) return null;
        return (
          <section key={group.id} aria-labelledby={group.id}>
            <h2 id={group.id}>{group.heading}</h2>
            <MediaCardList items={items.map(programmeCard)} />
          </section>
        );
      })}
    </>
  );
}
