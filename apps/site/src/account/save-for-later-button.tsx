import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { sendDirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import { useVisitor } from './use-visitor';
import { loginPath, visitorApi, type ListItemType } from './visitor-session';
import './account.css';

export interface SaveForLaterProps {
  item: { type: ListItemType; id: string; title: string };
  /** The page's §7 link variables; the button sends scPerMesTard when it saves the item. */
  detail: LinkCallDetail;
}

/**
 * "Desa per a més tard": puts the item in the signed-in visitor's "La meva llista" (and takes it out
 * again), measured as scPerMesTard when saved. A visitor who is not signed in is offered to sign in.
 */
export function SaveForLaterButton({ item, detail }: SaveForLaterProps) {
  const visitor = useVisitor();
  const { pathname } = useLocation();
  const [saved, setSaved] = useState<boolean>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (visitor === undefined) return;
    void visitorApi.list().then((items) => setSaved(items?.some((i) => i.type === item.type && i.id === item.id) ?? false));
  }, [visitor, item.type, item.id]);

  if (visitor === undefined) {
    return (
      <Link className="save-button" to={loginPath(pathname, '')}>
        Entra per desar-ho a «La meva llista»
      </Link>
    );
  }
  const toggle = async () => {
    setFailed(false);
    const answer = await (saved ? visitorApi.remove(item.type, item.id) : visitorApi.save(item.type, item.id)).catch(() => undefined);
    if (!answer?.ok) {
      setFailed(true);
      return;
    }
    if (!saved) sendDirectCall('scPerMesTard', { ...detail, linkText: 'Desa per a més tard' });
    setSaved(!saved);
  };
  return (
    <>
      {/* Its name says the state ("Desat a «La meva llista»"): no aria-pressed, which would repeat it
          as "pressed" of a button named for the saved state. */}
      <button type="button" className="save-button" data-saved={saved === true} disabled={saved === undefined} onClick={() => void toggle()}>
        {saved ? 'Desat a «La meva llista»' : 'Desa per a més tard'}
      </button>
      <span role="status" className="account-form__error">
        {failed ? 'No s’ha pogut desar. Torneu-ho a provar.' : ''}
      </span>
    </>
  );
}
