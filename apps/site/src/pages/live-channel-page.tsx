import type { Broadcast } from '@mesura/content';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { sendDirectCall } from '../measurement/direct-calls';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { LIVE_INDEX_PATH, type LiveChannelData } from '../live/live-data';
import { broadcastAfter, guideOfDay } from '../live/live-guide';
import { channelPageFields, dvrCallDetail, liveVideoData, programmeOf } from '../live/live-page-fields';
import { LivePlayer } from '../live/live-player';
import { GuideList, NowNext } from '../live/now-next';
import { NotFoundPage } from './not-found-page';
import '../live/live.css';

/** /directes/{canal}/: a TV channel live, with its DVR, what is on and the day's guide. */
export function LiveChannelPage() {
  const data = usePageData<LiveChannelData | undefined>();
  return data === undefined ? <NotFoundPage /> : <ChannelView data={data} />;
}

function ChannelView({ data }: { data: LiveChannelData }) {
  const { channel, now, guide, programmes } = data;
  const onAirFor = useCallback((broadcast: Broadcast) => ({ broadcast, programme: programmeOf(broadcast, programmes) }), [programmes]);
  // The video group's urlVideo is absolute: a getter, read in usePageView's effect, never in a render.
  const route = useMemo<PageRoute>(
    () => ({
      kind: 'page',
      fields: channelPageFields(channel, onAirFor(now)),
      get video() {
        return liveVideoData(channel, 'video', onAirFor(now), window.location.href);
      },
    }),
    [channel, now, onAirFor],
  );
  usePageView(route);
  const dataLayerFor = useCallback(
    (broadcast: Broadcast) => ({ page: channelPageFields(channel, onAirFor(broadcast)), video: liveVideoData(channel, 'video', onAirFor(broadcast), window.location.href) }),
    [channel, onAirFor],
  );
  const day = useMemo(() => guideOfDay(guide, Date.parse(now.start)), [guide, now]);
  return (
    <article className="live-page">
      <title>{`${channel.name} en directe — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to={LIVE_INDEX_PATH}>Directes</Link>
      </nav>
      <h1>{channel.name} en directe</h1>
      <LivePlayer
        channel={channel}
        guide={guide}
        initial={now}
        dataLayerFor={dataLayerFor}
        onDvr={(action, broadcast) => sendDirectCall('scDVR', dvrCallDetail(action, channel, onAirFor(broadcast), window.location.href))}
      >
        {(state) => (
          <>
            <section aria-labelledby="ara-en-antena">
              <h2 id="ara-en-antena">Ara en antena</h2>
              <NowNext now={state.broadcast} next={broadcastAfter(guide, state.broadcast)} />
            </section>
            <section aria-labelledby="programacio">
              <h2 id="programacio">Programació d'avui</h2>
              <GuideList entries={day} onAirId={state.broadcast.id} label={`Programació de ${channel.name}`} />
            </section>
          </>
        )}
      </LivePlayer>
    </article>
  );
}
