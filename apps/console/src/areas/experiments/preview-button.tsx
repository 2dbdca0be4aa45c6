import { useState } from 'react';
import type { Activity } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import { formatInstant } from '../../tokens/format-instant';
import { useExperimentsApi } from './experiments-api-context';
import type { PreviewLink } from './experiments-api';

interface PreviewButtonProps {
  activity: Activity;
  experienceId: string;
  experienceName: string;
  /** The page of the site it opens (preview-page-picker.tsx). */
  path: string;
}

/**
 * "Previsualitza": asks the server for a signed link to the chosen page of the site showing this
 * experience, and opens it in a new window. The window is opened at the click (a browser blocks a
 * window opened later) and sent to the link once it arrives; the link is also shown.
 */
export function PreviewButton({ activity, experienceId, experienceName, path }: PreviewButtonProps) {
  const api = useExperimentsApi();
  const [link, setLink] = useState<PreviewLink | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  async function preview() {
    const opened = window.open('about:blank', '_blank');
    setSending(true);
    const outcome = await api.preview(activity.id, experienceId, path);
    setSending(false);
    if (!outcome.ok) {
      opened?.close();
      setLink(undefined);
      setProblem(`No s'ha pogut preparar la previsualització. ${apiFailureMessage(outcome.failure)}`);
      return;
    }
    setProblem(undefined);
    setLink(outcome.value);
    if (opened) {
      // The preview page must not reach back into the console.
      opened.opener = null;
      opened.location.href = outcome.value.url;
    }
  }

  return (
    <>
      <button type="button" className="button button--quiet" disabled={sending} aria-label={`Previsualitza ${experienceName}`} onClick={() => void preview()}>
        Previsualitza
      </button>
      {link !== undefined && (
        <>
          {' '}
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            Obre la previsualització
          </a>{' '}
          <span className="admin-note">(vàlida fins a {formatInstant(link.expiresAt)})</span>
        </>
      )}
      {problem !== undefined && (
        <span className="form-problem" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
