import { useContext } from 'react';
import { ConsentSettingsContext } from './consent-settings-context';

/** The footer control's text and accessible name (the e2e tests look for it). */
const CONSENT_SETTINGS_TEXT = 'Configuració de galetes';

/**
 * The footer's way back to the consent settings, on every page: withdrawing must be as easy as
 * consenting. A button, not a link, since it opens a dialog rather than going anywhere.
 */
export function ConsentSettingsButton() {
  const openSettings = useContext(ConsentSettingsContext);
  if (openSettings === null) return null;
  return (
    <button type="button" className="site-footer__consent" onClick={(event) => openSettings(event.currentTarget)}>
      {CONSENT_SETTINGS_TEXT}
    </button>
  );
}
