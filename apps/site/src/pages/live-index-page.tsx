import { sitePaths, type ChannelsResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { liveIndexFields } from '../live/live-page-fields';
import { NowNext } from '../live/now-next';
import { NotFoundPage } from './not-found-page';
import '../live/live.css';

/** /directes/: the TV channels and what is on each. */
export function LiveIndexPage() {
  const data = usePageData<ChannelsResponse | undefined>();
  const route = useMemo<PageRoute>(() => ({ kind: 'page', fields: liveIndexFields() }), []);
  if (data === undefined) return <NotFoundPage />;
  return <LiveIndex data={data} route={route} />;
}

function LiveIndex({ data, route }: { data: ChannelsResponse; route: PageRoute }) {
  usePageView(route);
  return (
    <article className="live-page">
      <title>Directes — Mesura.cat</title>
      <h1>Directes</h1>
      <ul className="live-channels">
        {data.channels.map(({ channel, now, next }) => (
          <li key={channel.slug} className="live-channels__item">
            <h2>
              <Link to={sitePaths.channel(channel.slug)}>{channel.name}</Link>
            </h2>
            <NowNext now={now} next={next} />
          </li>
        ))}
      </ul>
    </article>
  );
}
