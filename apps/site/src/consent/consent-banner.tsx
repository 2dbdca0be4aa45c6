import { lazy, Suspense, useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { Choice } from '@mesura/consent';
import type { BannerLayer } from './banner-layer';
import type { BannerStore, BannerSnapshot } from './banner-store';
import type { Toggles } from './choice-toggles';
import { FirstLayer } from './first-layer';
import { lockPageScroll } from './page-scroll-lock';
import { CONSENT_TEXTS } from './texts';

/** What the banner asks its owner to do; each one stores a choice and closes the banner. */
export interface ConsentActions {
  acceptAll(): void;
  rejectAll(): void;
  save(toggles: Toggles): void;
}

const SettingsLayer = lazy(() => import('./settings-layer').then(({ SettingsLayer }) => ({ default: SettingsLayer })));

export interface ConsentBannerProps {
  store: BannerStore;
  /** The choice in force, read each time the settings layer opens. */
  currentChoice(): Choice | undefined;
  actions: ConsentActions;
}

/**
 * The consent banner: a non-modal dialog at the bottom of the page, named by its heading, so the
 * page stays readable and usable around it (`aria-modal="false"`), yet it only closes on a choice.
 */
export function ConsentBanner({ store, currentChoice, actions }: ConsentBannerProps) {
  const snapshot = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const headingId = useId();
  const descriptionId = useId();
  const refs = useLayerFocus(snapshot);
  const settingsOpen = snapshot.layer === 'settings';
  useEffect(() => (settingsOpen ? lockPageScroll(document) : undefined), [settingsOpen]);
  if (snapshot.layer === 'closed') return null;

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape steps back one layer and never dismisses the banner without a choice.
    if (event.key !== 'Escape' || snapshot.layer !== 'settings') return;
    event.preventDefault();
    store.send({ type: 'back' });
  };
  return (
    <section role="dialog" aria-modal="false" aria-labelledby={headingId} aria-describedby={snapshot.layer === 'first' ? descriptionId : undefined} className="consent-banner" onKeyDown={onKeyDown}>
      <h2 id={headingId} ref={refs.heading} tabIndex={-1} className="consent-banner__heading">
        {CONSENT_TEXTS.heading}
      </h2>
      {snapshot.layer === 'first' ? (
        <FirstLayer descriptionId={descriptionId} onAcceptAll={actions.acceptAll} onRejectAll={actions.rejectAll} onConfigure={() => store.send({ type: 'configure' })} configureRef={refs.configure} />
      ) : (
        <Suspense fallback={null}>
          <SettingsLayer initialChoice={currentChoice()} onSave={actions.save} onAcceptAll={actions.acceptAll} onRejectAll={actions.rejectAll} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * Moves focus with the layer, so keyboard and screen-reader users land where the change happened:
 * into the banner when it opens, back on "Configura" after Escape, and back on the control that
 * reopened the banner once it closes. The settings layer focuses its own heading when it mounts.
 */
function useLayerFocus(snapshot: BannerSnapshot) {
  const heading = useRef<HTMLHeadingElement>(null);
  const configure = useRef<HTMLButtonElement>(null);
  const previous = useRef<BannerLayer>('closed');
  useEffect(() => {
    const from = previous.current;
    const to = snapshot.layer;
    previous.current = to;
    if (from === to) return;
    if (to === 'settings') return;
    if (to === 'first') (from === 'settings' ? configure : heading).current?.focus({ preventScroll: true });
    else snapshot.returnFocusTo?.focus();
  }, [snapshot]);
  return { heading, configure };
}
