import { sitePaths, type HomeResponse } from '@mesura/content';
import { Link } from 'react-router';
import { atClock, NEWSROOM_TIME_ZONE } from '../content/format-date';

const timeFormat = new Intl.DateTimeFormat('ca-ES', { hour: '2-digit', minute: '2-digit', timeZone: NEWSROOM_TIME_ZONE });

/** "Ara en directe": what each TV channel is broadcasting, linking to its live page. */
export function OnAirStrip({ onAir }: { onAir: HomeResponse['onAir'] }) {
  return (
    <section className="on-air" aria-labelledby="ara-en-directe">
      <h2 id="ara-en-directe" className="section-heading">
        <Link to="/directes/">Ara en directe</Link>
      </h2>
      <ul className="on-air__list">
        {onAir.map(({ channel, now, next }) => (
          <li key={channel.slug} className="on-air__item">
            <Link to={sitePaths.channel(channel.slug)} className="on-air__link">
              <span className="on-air__channel">{channel.name}</span>
              <span className="on-air__now">{now.title}</span>
              <span className="meta">
                {sentenceStart(atClock(timeFormat.format(new Date(next.start))))}: {next.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "a la 01:00" → "A la 01:00". */
function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
