/**
 * /tv/: the receiver of "Mira-ho a la TV", opened on the TV's browser (no site layout, full
 * screen, dark). It asks the server for a 6-digit code, shows it, and waits on the pairing's event
 * stream; when a visitor casts a video or audio to the code, it plays it (HLS through hls.js,
 * loaded only then; files natively). A code that expires is replaced by a new one.
 * Measurement: a page view on arrival, and another when a cast starts playing, with the media's
 * video group and its view-on-TV flag (§3 veureATV) set.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConsentSettingsButton } from '../consent/consent-settings-button';
import { tvReceiverPageFields, tvReceiverVideo } from '../engagement/engagement-page-fields';
import { formatTvCode } from '../engagement/tv-code';
import type { TvMedia } from '@mesura/protocol';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { attachHls, type HlsPlayer } from '../player/hls-source';
import './tv-receiver-page.css';

type Pairing = { state: 'asking' } | { state: 'waiting'; code: string } | { state: 'failed' };

/** Six digits that stand, hidden, for the code while it is asked for: its place on the screen. */
const CODE_PLACEHOLDER = '000000';

/** Pause before asking again after a failure, so that a TV left on does not hammer the server. */
const RETRY_AFTER_FAILURE_MS = 30_000;

export function TvReceiverPage() {
  const [pairing, setPairing] = useState<Pairing>({ state: 'asking' });
  const [media, setMedia] = useState<TvMedia | undefined>();
  const navigate = useNavigate();
  usePageView(
    useMemo<PageRoute>(
      () => ({
        kind: 'page',
        fields: tvReceiverPageFields(media),
        ...(media && typeof window !== 'undefined' && { video: tvReceiverVideo(media, window.location.href) }),
      }),
      [media],
    ),
  );

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const pair = async () => {
      setPairing({ state: 'asking' });
      try {
        const response = await fetch('/api/engagement/tv/pairings', { method: 'POST', headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(String(response.status));
        const { code, receiverToken } = (await response.json()) as { code: string; receiverToken: string };
        if (stopped) return;
        source = new EventSource(`/api/engagement/tv/pairings/${code}/events?token=${encodeURIComponent(receiverToken)}`);
        source.addEventListener('paired', () => setPairing({ state: 'waiting', code }));
        source.addEventListener('cast', (event) => {
          const cast = JSON.parse((event as MessageEvent<string>).data) as TvMedia;
          setMedia(cast);
          // A new navigation: the page view of what the TV now plays.
          navigate(`/tv/?reproduint=${encodeURIComponent(cast.id)}`, { replace: true });
        });
        const renew = () => {
          source?.close();
          if (!stopped) void pair();
        };
        source.addEventListener('expired', renew);
        source.onerror = () => {
          source?.close();
          setPairing({ state: 'failed' });
          retry = setTimeout(renew, RETRY_AFTER_FAILURE_MS);
        };
      } catch {
        setPairing({ state: 'failed' });
        retry = setTimeout(() => void pair(), RETRY_AFTER_FAILURE_MS);
      }
    };
    void pair();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(retry);
    };
  }, [navigate]);

  return (
    <main className="tv-receiver">
      <title>Mesura a la TV</title>
      {media ? <TvPlayer media={media} /> : <PairingScreen pairing={pairing} />}
    </main>
  );
}

function PairingScreen({ pairing }: { pairing: Pairing }) {
  return (
    <section className="tv-pairing" aria-live="polite">
      <h1>Mesura a la TV</h1>
      {/* The code's screen holds its place, hidden, while the code is asked for: the status stands
          over it, so that nothing on the centred screen moves when the code arrives. */}
      <div className="tv-pairing__states">
        <div className={pairing.state === 'waiting' ? undefined : 'tv-pairing__hidden'}>
          <p>Al mòbil o a l'ordinador, trieu «Mira-ho a la TV» i escriviu aquest codi:</p>
          <p className="tv-code" data-code={pairing.state === 'waiting' ? pairing.code : undefined}>
            {formatTvCode(pairing.state === 'waiting' ? pairing.code : CODE_PLACEHOLDER)}
          </p>
          <p>El codi caduca al cap de 10 minuts; després en sortirà un de nou.</p>
        </div>
        {pairing.state === 'asking' && <p className="tv-pairing__status">S'està demanant un codi…</p>}
        {pairing.state === 'failed' && <p className="tv-pairing__status">No hem pogut connectar. Ho tornarem a provar d'aquí a 30 segons.</p>}
      </div>
      {/* No site footer on the TV: the consent choice is changed here, as the banner says. */}
      <p className="tv-consent">
        <ConsentSettingsButton />
      </p>
    </section>
  );
}

function TvPlayer({ media }: { media: TvMedia }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let hls: HlsPlayer | undefined;
    let cancelled = false;
    const play = () => void element.play().catch(() => undefined);
    if (media.delivery === 'hls') {
      void attachHls(media.src, element).then((player) => {
        if (cancelled) player?.destroy();
        else {
          hls = player;
          play();
        }
      });
    } else {
      element.src = media.src;
      play();
    }
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [media]);
  return (
    <section className="tv-player" aria-label={`Reproduint: ${media.title}`}>
      {/* biome-ignore lint/a11y/useMediaCaption: the cast message (TvMedia, @mesura/protocol) names no subtitles file, so the TV has none to show; an episode's subtitles need it to carry them. */}
      <video ref={ref} controls autoPlay playsInline data-media-id={media.id} className={media.kind === 'audio' ? 'tv-audio' : undefined} />
      <h1 className="tv-title">{media.title}</h1>
    </section>
  );
}
