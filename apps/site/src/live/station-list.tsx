import { sitePaths, type StationsResponse } from '@mesura/content';
import { Link } from 'react-router';
import { NowNext } from './now-next';
import { StationThumbnail } from './station-thumbnail';

type StationOnAir = StationsResponse['stations'][number];

/**
 * The radio stations with what is on each now and next, each a link to its page (or, in the
 * pop-out window, to its own pop-out: `popOut`), so that every page offering one station offers
 * them all. `current` is left out: the page is that station's. `headingLevel` keeps the page's
 * outline (an h2 list on /radio/, h3 under a section's h2 elsewhere).
 */
export function StationList({ stations, current, popOut = false, headingLevel = 2 }: { stations: readonly StationOnAir[]; current?: string; popOut?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = stations.filter(({ station }) => station.slug !== current);
  return (
    <ul className="live-channels">
      {shown.map(({ station, now, next }) => (
        <li key={station.slug} className="live-channels__item">
          {!popOut && <StationThumbnail slug={station.slug} />}
          <Heading className="live-channels__name">
            {popOut ? <a href={sitePaths.stationPopOut(station.slug)}>{station.name}</a> : <Link to={sitePaths.station(station.slug)}>{station.name}</Link>}
          </Heading>
          <NowNext now={now} next={next} />
        </li>
      ))}
    </ul>
  );
}
