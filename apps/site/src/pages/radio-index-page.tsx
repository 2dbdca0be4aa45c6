import type { StationsResponse } from '@mesura/content';
import { useMemo } from 'react';
import { usePageData } from '../routing/page-data';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { radioIndexFields } from '../live/live-page-fields';
import { StationList } from '../live/station-list';
import { NotFoundPage } from './not-found-page';
import '../live/live.css';

/** /radio/: the radio stations and what is on each now and next. */
export function RadioIndexPage() {
  const data = usePageData<StationsResponse | undefined>();
  const route = useMemo<PageRoute>(() => ({ kind: 'page', fields: radioIndexFields() }), []);
  if (data === undefined) return <NotFoundPage />;
  return <RadioIndex data={data} route={route} />;
}

function RadioIndex({ data, route }: { data: StationsResponse; route: PageRoute }) {
  usePageView(route);
  return (
    <article className="live-page">
      <title>Ràdio en directe — Mesura.cat</title>
      <h1>Ràdio en directe</h1>
      <p className="lead">Les emissores de Mesura: què sona ara i què ve després. Trieu-ne una per escoltar-la en directe.</p>
      <StationList stations={data.stations} />
    </article>
  );
}
