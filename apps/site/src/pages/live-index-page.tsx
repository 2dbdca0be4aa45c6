import { sitePaths } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { RADIO_INDEX_PATH, type LiveIndexData } from '../live/live-data';
import { liveIndexFields } from '../live/live-page-fields';
import { StationThumbnail } from '../live/station-thumbnail';
import { NowNext } from '../live/now-next';
import { StationList } from '../live/station-list';
import { NotFoundPage } from './not-found-page';
import '../live/live.css';

/** /directes/: the TV channels and the radio stations, and what is on each. */
export function LiveIndexPage() {
  const data = usePageData<LiveIndexData | undefined>();
  const route = useMemo<PageRoute>(() => ({ kind: 'page', fields: liveIndexFields() }), []);
  if (data === undefined) return <NotFoundPage />;
  return <LiveIndex data={data} route={route} />;
}

function LiveIndex({ data, route }: { data: LiveIndexData; route: PageRoute }) {
  usePageView(route);
  return (
    <article className="live-page">
      <title>Directes — Mesura.cat</title>
      <h1>Directes</h1>
      <ul className="live-channels">
        {data.channels.map(({ channel, now, next }) => (
          <li key={channel.slug} className="live-channels__item">
            <StationThumbnail slug={channel.slug} />
            <h2>
              <Link to={sitePaths.channel(channel.slug)}>{channel.name}</Link>
            </h2>
            <NowNext now={now} next={next} />
          </li>
        ))}
      </ul>
      {data.stations.length > 0 && (
        <section aria-labelledby="radio-en-directe">
          <h2 id="radio-en-directe">
            <Link to={RADIO_INDEX_PATH}>Ràdio en directe</Link>
          </h2>
          <StationList stations={data.stations} headingLevel={3} />
        </section>
      )}
    </article>
  );
}
