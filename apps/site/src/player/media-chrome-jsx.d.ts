/**
 * The media-chrome elements as JSX knows them. They are written as plain custom elements (React 19
 * passes their attributes through) rather than through media-chrome's React wrappers, which import
 * every element at once and would run on the server.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type MediaChromeElement<Attributes = object> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Attributes;

/** A boolean attribute: present as "" or absent. */
type Flag = '' | undefined;

interface ControllerAttributes {
  /** media-chrome's own keys are off: the player's keys (keyboard.ts) measure what they do. */
  nohotkeys?: Flag;
  /** Clicks on the picture do nothing (before the first play and under an ad). */
  gesturesdisabled?: Flag;
  /** Neither a stored volume, a stored mute nor a stored subtitle language is applied. */
  novolumepref?: Flag;
  nomutedpref?: Flag;
  nosubtitleslangpref?: Flag;
  /** Playing a live stream does not jump to the live edge: the DVR's buttons decide that. */
  noautoseektolive?: Flag;
  /** An audio player: no picture, controls always shown. */
  audio?: Flag;
  /** The controls stay shown while the media plays. */
  noautohide?: Flag;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': MediaChromeElement<ControllerAttributes>;
      'media-control-bar': MediaChromeElement;
      'media-play-button': MediaChromeElement;
      'media-time-range': MediaChromeElement;
      'media-time-display': MediaChromeElement<{ showduration?: Flag; notoggle?: Flag }>;
      'media-mute-button': MediaChromeElement;
      'media-volume-range': MediaChromeElement;
      'media-fullscreen-button': MediaChromeElement;
      'media-pip-button': MediaChromeElement;
    }
  }
}
