import { type RefObject, useEffect, useRef } from 'react';

/**
 * media-chrome's controller as both players use it: the media element and the controls over it,
 * with the library's own behaviours that would change what is measured turned off.
 */

export interface PlayerControllerProps {
  /** The element full screen shows: the player's figure, with its ads, chapters or DVR. */
  fullscreenTarget: RefObject<HTMLElement | null>;
  /** Clicks on the picture play and pause: only once the content plays (never before the preroll). */
  gestures: boolean;
  audio?: boolean;
  /** Live: a play does not jump to the live edge (the DVR's "Directe" does, and is measured). */
  live?: boolean;
  children: React.ReactNode;
}

/**
 * The controller's own keys are off (the player's keys in keyboard.ts are the measured ones), and
 * so are the stored volume, mute and subtitle language: restoring them would show the media tracker
 * a change the visitor did not make on this page.
 */
export function PlayerController({ fullscreenTarget, gestures, audio, live, children }: PlayerControllerProps) {
  const controller = useRef<HTMLElement>(null);
  useFullscreenTarget(controller, fullscreenTarget);
  return (
    <media-controller
      ref={controller}
      className="player-controller"
      nohotkeys=""
      gesturesdisabled={gestures ? undefined : ''}
      novolumepref=""
      nomutedpref=""
      nosubtitleslangpref=""
      noautoseektolive={live ? '' : undefined}
      audio={audio ? '' : undefined}
    >
      {children}
    </media-controller>
  );
}

/**
 * Points the controller's full screen at `target`. Set as a property once the element is defined:
 * the `fullscreenelement` attribute is read as the element upgrades, before its store exists, and
 * is then lost (media-chrome 4.19).
 */
function useFullscreenTarget(controller: RefObject<HTMLElement | null>, target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let current = true;
    void customElements.whenDefined('media-controller').then(() => {
      if (current && controller.current && target.current) (controller.current as HTMLElement & { fullscreenElement: HTMLElement }).fullscreenElement = target.current;
    });
    return () => {
      current = false;
    };
  }, [controller, target]);
}
