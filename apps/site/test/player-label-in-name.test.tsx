import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerControls } from '../src/player/player-controls';

// WCAG 2.5.3 Label in Name: a control's accessible name contains the text it shows, so that a
// voice-control user can say what they see ("Enrere 5 segons") and reach it.

const noop = () => undefined;

function controls(): { text: string; name: string }[] {
  const html = renderToStaticMarkup(
    <PlayerControls
      status={{ paused: true, muted: false, currentTime: 12, duration: 30 }}
      subtitles={false}
      quality={
        {
          levels: [
            { index: 0, label: '360p' },
            { index: 1, label: '240p' },
          ],
          selected: -1,
          playing: 0,
        } as never
      }
      onTogglePlay={noop}
      onSeekTo={noop}
      onToggleMute={noop}
      onToggleSubtitles={noop}
      onChooseLevel={noop}
      onToggleFullscreen={noop}
    />,
  );
  return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes, content]) => {
    const text = content!
      .replace(/<[^>]*>/g, '')
      .replace(/&#x27;/g, "'")
      .trim();
    const label = / aria-label="([^"]*)"/.exec(attributes!)?.[1];
    return { text, name: label ?? text };
  });
}

describe("the video player's controls", () => {
  it('each have a name that contains the text they show', () => {
    const shown = controls();
    expect(shown.length).toBeGreaterThan(5);
    for (const { text, name } of shown) expect(name.toLowerCase(), `"${text}"`).toContain(text.toLowerCase());
  });

  it('say in words how far the step buttons move the playhead', () => {
    const texts = controls().map((control) => control.text);
    expect(texts).toContain('Enrere 5 segons');
    expect(texts).toContain('Endavant 5 segons');
  });
});
