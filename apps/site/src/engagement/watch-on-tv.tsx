/**
 * WatchOnTvButton: "Mira-ho a la TV" for a video or audio.
 *   <WatchOnTvButton media={{ kind: 'video', id, title, src, type, delivery }} detail={linkCallDetail} />
 * - media: what the TV plays (src is a path of the site's media; the server accepts no other);
 * - detail: the page's §7 link variables; scVeureATV (a link track without event) is sent when
 *   the server has delivered the media to the TV.
 * The visitor opens /tv/ on the TV's browser, which shows a 6-digit code; here they type it and
 * the server hands the media to that TV (POST /api/engagement/tv/pairings/:code/cast).
 * It is shown once the app runs, not in the server's first view: the TV is paired and handed the
 * media by the app alone, so a page without JavaScript offers no control that would do nothing.
 */
import type { TvMedia } from '@mesura/protocol';
import { useId, useState, type FormEvent } from 'react';
import { sendDirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import { postJson } from './engagement-api';
import { useAppRunning } from './use-app-running';
import { formatTvCode, normaliseTvCode, TV_CODE_INPUT_MAX_CHARS, TV_CODE_INPUT_PATTERN } from './tv-code';
import './engagement.css';

export interface WatchOnTvButtonProps {
  media: TvMedia;
  detail: LinkCallDetail;
}

const CAST_ERRORS: Record<number, string> = {
  400: 'Aquest contingut no es pot enviar a la TV.',
  404: 'Cap TV no espera aquest codi. Comproveu-lo a la pantalla de la TV.',
  409: 'La TV no està connectada. Torneu a obrir /tv/ al navegador de la TV.',
  429: 'Massa intents. Espereu un moment abans de tornar-ho a provar.',
};

export function WatchOnTvButton({ media, detail }: WatchOnTvButtonProps) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const panelId = useId();
  const inputId = useId();
  const appRunning = useAppRunning();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = normaliseTvCode(String(new FormData(event.currentTarget).get('code') ?? ''));
    if (code === undefined) {
      setMessage('El codi són els 6 números que mostra la TV.');
      return;
    }
    setSending(true);
    try {
      const answer = await postJson(`/api/engagement/tv/pairings/${code}/cast`, media);
      if (answer.status === 200) {
        setMessage(`S'està reproduint «${media.title}» a la TV ${formatTvCode(code)}.`);
        sendDirectCall('scVeureATV', {
          ...detail,
          linkText: 'Mira-ho a la TV',
          identificadorClic: detail.identificadorClic || `tv-${media.id}`,
          formatContingut: detail.formatContingut ?? media.kind,
        });
      } else setMessage(CAST_ERRORS[answer.status] ?? 'No hem pogut enviar-ho a la TV. Torneu-ho a provar.');
    } catch {
      setMessage('No hi ha connexió. Torneu-ho a provar.');
    } finally {
      setSending(false);
    }
  };

  if (!appRunning) return null;
  return (
    <div className="watch-on-tv">
      <button type="button" className="engagement-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Mira-ho a la TV
      </button>
      <div id={panelId} hidden={!open} className="watch-on-tv-panel">
        <form method="post" onSubmit={submit}>
          <label htmlFor={inputId}>Codi de la TV (obriu mesura.cat/tv/ al navegador de la TV)</label>
          <input id={inputId} name="code" inputMode="numeric" autoComplete="off" pattern={TV_CODE_INPUT_PATTERN} maxLength={TV_CODE_INPUT_MAX_CHARS} />
          <button type="submit" className="engagement-button" disabled={sending}>
            Envia a la TV
          </button>
        </form>
      </div>
      <p role="status" className="engagement-status">
        {message}
      </p>
    </div>
  );
}
