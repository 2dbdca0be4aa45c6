/**
 * Poll: one of the site's polls, kept by the server.
 *   <Poll pollId="habitatge-2026" initial={results} detail={linkCallDetail} />
 * - pollId: a poll the server knows (server/src/engagement/seeded-polls.ts);
 * - initial: its question and counts as the server's first view read them (an article's), if any:
 *   the form is then in the first view, a real post that works without JavaScript;
 * - detail: the page's §7 link variables; an accepted answer sends scParticipar (event15) with
 *   identificadorClic `enquesta-{pollId}`.
 * The question and options (and this browser's own answer) come from GET /api/engagement/polls/:id
 * after the page has rendered;
 * one answer per browser (the server refuses a second); after answering, or when this browser
 * already has, the results show as text percentages.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { sendDirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import { postJson } from './engagement-api';
import type { PollResults } from '@mesura/protocol';
import { POLL_ANCHOR, POLL_FORM_NAME, POLL_ID_FIELD, POLL_MESSAGES, pollPath, pollPercentages, postedPoll } from './poll-results';
import './engagement.css';

export interface PollProps {
  pollId: string;
  initial?: PollResults;
  detail: LinkCallDetail;
}

export function Poll({ pollId, initial, detail }: PollProps) {
  const [params] = useSearchParams();
  const [posted] = useState(() => postedPoll(params));
  const [results, setResults] = useState<PollResults | undefined>(initial);
  const [message, setMessage] = useState(posted?.message ?? '');
  const [sending, setSending] = useState(false);
  const headingId = useId();
  // The results replace the form, and with it the focused "Vota": focus goes to them instead of
  // being dropped on the page's body.
  const resultsList = useRef<HTMLUListElement>(null);
  const [voted, setVoted] = useState(false);
  useEffect(() => {
    if (voted) resultsList.current?.focus();
  }, [voted]);

  useEffect(() => {
    let live = true;
    fetch(pollPath(pollId), { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as PollResults;
        // An answer sent meanwhile already brought the results, with this browser's answer in them.
        if (live) setResults((shown) => (shown?.answered === undefined ? body : shown));
      })
      .catch(() => live && setMessage("L'enquesta no està disponible ara mateix."));
    return () => {
      live = false;
    };
  }, [pollId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const optionId = new FormData(event.currentTarget).get('option');
    if (typeof optionId !== 'string') {
      setMessage('Trieu una resposta.');
      return;
    }
    setSending(true);
    try {
      const answer = await postJson(`${pollPath(pollId)}/answers`, { optionId });
      if (answer.status === 201) {
        setResults(answer.body as PollResults);
        setMessage(POLL_MESSAGES.thanks);
        setVoted(true);
        const label = results?.options.find((o) => o.id === optionId)?.label ?? optionId;
        sendDirectCall('scParticipar', { ...detail, linkText: `Enquesta: ${label}`, identificadorClic: `enquesta-${pollId}` });
      } else if (answer.status === 409) {
        setMessage(POLL_MESSAGES.already);
        const refreshed = await fetch(pollPath(pollId));
        if (refreshed.ok) {
          setResults((await refreshed.json()) as PollResults);
          setVoted(true);
        }
      } else setMessage(answer.status === 429 ? POLL_MESSAGES.tooMany : POLL_MESSAGES.failed);
    } catch {
      setMessage('No hi ha connexió. Torneu-ho a provar.');
    } finally {
      setSending(false);
    }
  };

  if (!results) {
    return (
      <section className="poll" id={POLL_ANCHOR} aria-label="Enquesta">
        <p role="status">{message || "S'està carregant l'enquesta…"}</p>
      </section>
    );
  }
  return (
    <section className="poll" id={POLL_ANCHOR} aria-labelledby={headingId}>
      <h2 id={headingId}>{results.question}</h2>
      {results.answered === undefined && !posted?.showResults ? (
        // Without JavaScript the browser posts it to the page itself (server/src/engagement/poll-form-posts.ts).
        <form method="post" onSubmit={submit}>
          <input type="hidden" name="formulari" value={POLL_FORM_NAME} />
          <input type="hidden" name={POLL_ID_FIELD} value={pollId} />
          <fieldset>
            <legend className="visually-hidden">{results.question}</legend>
            {results.options.map((option) => (
              <label key={option.id} className="poll-option">
                <input type="radio" name="option" value={option.id} required /> {option.label}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="engagement-button" disabled={sending}>
            Vota
          </button>
        </form>
      ) : (
        <PollResultList results={results} listRef={resultsList} />
      )}
      <p role="status" className="engagement-status">
        {message}
      </p>
    </section>
  );
}

/** The results as text percentages, the visitor's own answer marked. */
function PollResultList({ results, listRef }: { results: PollResults; listRef: RefObject<HTMLUListElement | null> }) {
  const percentages = pollPercentages(results);
  return (
    <ul ref={listRef} tabIndex={-1} className="poll-results" aria-label="Resultats">
      {results.options.map((option, i) => (
        <li key={option.id}>
          <span>
            {option.label}
            {option.id === results.answered ? ' (la vostra resposta)' : ''}: <strong>{percentages[i]} %</strong> ({option.votes} {option.votes === 1 ? 'vot' : 'vots'})
          </span>
          <span className="poll-bar" aria-hidden="true" style={{ width: `${percentages[i]}%` }} />
        </li>
      ))}
      <li className="poll-total">
        Total: {results.total} {results.total === 1 ? 'resposta' : 'respostes'}
      </li>
    </ul>
  );
}
