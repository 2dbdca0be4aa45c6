import { sitePaths, type Broadcast } from '@mesura/content';
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { sendDirectCall } from '../measurement/direct-calls';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { POP_OUT_WINDOW_FEATURES, popOutWindowName, RADIO_INDEX_PATH, type LiveStationData } from '../live/live-data';
import { broadcastAfter, broadcastAt, guideOfDay } from '../live/live-guide';
import { liveVideoData, POP_OUT_TEXT, popOutCallDetail, programmeOf, stationPageFields } from '../live/live-page-fields';
import { GuideList, NowNext } from '../live/now-next';
import { RadioPlayer } from '../live/radio-player';
import { StationList } from '../live/station-list';
import { NotFoundPage } from './not-found-page';
import '../live/live.css';

/** /radio/{emissora}/: a station live, its schedule, its pop-out window and its podcasts. */
export function RadioPage() {
  const data = usePageData<LiveStationData | undefined>();
  return data === undefined ? <NotFoundPage /> : <StationView data={data} />;
}

function StationView({ data }: { data: LiveStationData }) {
  const { station, now, schedule, podcasts, programmes, stations } = data;
  const onAirFor = useCallback((broadcast: Broadcast) => ({ broadcast, programme: programmeOf(broadcast, programmes) }), [programmes]);
  const route = useMemo<PageRoute>(
    () => ({
      kind: 'page',
      fields: stationPageFields(station, onAirFor(now)),
      get video() {
        return liveVideoData(station, 'audio', onAirFor(now), window.location.href);
      },
    }),
    [station, now, onAirFor],
  );
  usePageView(route);
  const dataLayerFor = useCallback(
    (broadcast: Broadcast) => ({ page: stationPageFields(station, onAirFor(broadcast)), video: liveVideoData(station, 'audio', onAirFor(broadcast), window.location.href) }),
    [station, onAirFor],
  );
  const media = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  const popOutPath = sitePaths.stationPopOut(station.slug);
  const openPopOut = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const opened = window.open(popOutPath, popOutWindowName(station.slug), POP_OUT_WINDOW_FEATURES);
    setBlocked(opened === null);
    if (opened === null) return;
    // The pop-out plays the station now: two players at once would play it twice.
    media.current?.pause();
    const onAir = onAirFor(broadcastAt(schedule, Date.now()) ?? now);
    sendDirectCall('scFinestraNova', popOutCallDetail(station, onAir, window.location.href, new URL(popOutPath, window.location.href).href));
  };
  const day = useMemo(() => guideOfDay(schedule, Date.parse(now.start)), [schedule, now]);
  return (
    <article className="live-page">
      <title>{`${station.name} en directe — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to={RADIO_INDEX_PATH}>Ràdio</Link> <span aria-hidden="true">›</span> {station.name}
      </nav>
      <h1>{station.name}</h1>
      <RadioPlayer station={station} schedule={schedule} initial={now} dataLayerFor={dataLayerFor} mediaRef={media} />
      <p>
        <a className="button-link" href={popOutPath} target={popOutWindowName(station.slug)} onClick={openPopOut}>
          {POP_OUT_TEXT}
        </a>
      </p>
      {blocked && <p role="alert">El navegador no ha obert la finestra nova. Permeteu les finestres emergents d'aquest lloc o seguiu l'enllaç.</p>}
      <section aria-labelledby="ara-sona">
        <h2 id="ara-sona">Ara sona</h2>
        <NowNext now={now} next={broadcastAfter(schedule, now)} />
      </section>
      <section aria-labelledby="programacio">
        <h2 id="programacio">Programació d'avui</h2>
        <GuideList entries={day} onAirId={now.id} label={`Programació de ${station.name}`} />
      </section>
      {podcasts.length > 0 && (
        <section aria-labelledby="podcasts">
          <h2 id="podcasts">Pòdcasts de {station.name}</h2>
          <ul className="podcasts">
            {podcasts.map((programme) => (
              <li key={programme.slug}>
                <Link to={sitePaths.programme(programme.slug)}>{programme.title}</Link> <span className="meta">{programme.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {stations.length > 1 && (
        <section aria-labelledby="altres-emissores">
          <h2 id="altres-emissores">Altres emissores</h2>
          <StationList stations={stations} current={station.slug} headingLevel={3} />
        </section>
      )}
    </article>
  );
}
