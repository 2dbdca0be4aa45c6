import type { Ref } from 'react';
import { ConsentButton } from './consent-button';
import { CONSENT_TEXTS } from './texts';

export interface FirstLayerProps {
  descriptionId: string;
  onAcceptAll(): void;
  onRejectAll(): void;
  onConfigure(): void;
  /** Focused when Escape brings the visitor back from the settings layer. */
  configureRef: Ref<HTMLButtonElement>;
}

/** The first layer: what is asked, and three answers of equal weight. */
export function FirstLayer({ descriptionId, onAcceptAll, onRejectAll, onConfigure, configureRef }: FirstLayerProps) {
  return (
    <>
      <div id={descriptionId}>
        <p>{CONSENT_TEXTS.intro}</p>
        <p>{CONSENT_TEXTS.changeLater}</p>
      </div>
      <div className="consent-actions">
        <ConsentButton onClick={onAcceptAll}>{CONSENT_TEXTS.acceptAll}</ConsentButton>
        <ConsentButton onClick={onRejectAll}>{CONSENT_TEXTS.rejectAll}</ConsentButton>
        <ConsentButton onClick={onConfigure} ref={configureRef}>
          {CONSENT_TEXTS.configure}
        </ConsentButton>
      </div>
    </>
  );
}
