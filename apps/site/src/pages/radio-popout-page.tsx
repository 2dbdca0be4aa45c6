import { sitePaths, type Broadcast } from '@mesura/content';
import { useCallback, useMemo } from 'react';
import { ConsentSettingsButton } from '../consent/consent-settings-button';
import { usePageData } from '../routing/page-data';
import type { LiveStationData } from '../live/live-data';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { broadcastAfter } from '../live/live-guide';
import { liveVideoData, programmeOf, stationPageFields } from '../live/live-page-fields';
import { NowNext } from '../live/now-next';
import { RadioPlayer } from '../live/radio-player';
import { StationList } from '../live/station-list';
import { NotFoundPage } from './not-found-page';
import '../live/live.css';

/**
 * /radio/finestra/{emissora}/: the station's compact player, alone in its own small window (no
 * site layout), so that it keeps playing while the visitor browses elsewhere in the main window.
 */
export function RadioPopOutPage() {
  const data = usePageData<LiveStationData | undefined>();
  return data === undefined ? <NotFoundPage /> : <PopOutView data={data} />;
}

function PopOutView({ data }: { data: LiveStationData }) {
  const { station, now, schedule, programmes, stations } = data;
  const onAirFor = useCallback((broadcast: Broadcast) => ({ broadcast, programme: programmeOf(broadcast, programmes) }), [programmes]);
  const route = useMemo<PageRoute>(
    () => ({
      kind: 'page',
      fields: stationPageFields(station, onAirFor(now), true),
      get video() {
        return liveVideoData(station, 'audio', onAirFor(now), window.location.href);
      },
    }),
    [station, now, onAirFor],
  );
  usePageView(route);
  const dataLayerFor = useCallback(
    (broadcast: Broadcast) => ({ page: stationPageFields(station, onAirFor(broadcast), true), video: liveVideoData(station, 'audio', onAirFor(broadcast), window.location.href) }),
    [station, onAirFor],
  );
  return (
    <main id="contingut" className="radio-popout">
      <title>{`${station.name} — Mesura.cat`}</title>
      <h1 className="radio-popout__name">{station.name}</h1>
      <RadioPlayer station={station} schedule={schedule} initial={now} dataLayerFor={dataLayerFor} autoPlay />
      <NowNext now={now} next={broadcastAfter(schedule, now)} />
      <p className="meta">
        <a href={sitePaths.station(station.slug)} target="_blank" rel="noopener">
          Programació i pòdcasts de {station.name}
        </a>
      </p>
      {stations.length > 1 && (
        <section aria-labelledby="altres-emissores">
          <h2 id="altres-emissores">Altres emissores</h2>
          {/* In this window: switching station keeps the visitor in the small player. */}
          <StationList stations={stations} current={station.slug} popOut headingLevel={3} />
        </section>
      )}
      {/* No site footer here: the consent choice is changed from this window too, as the banner says. */}
      <p className="meta">
        <ConsentSettingsButton />
      </p>
    </main>
  );
}
