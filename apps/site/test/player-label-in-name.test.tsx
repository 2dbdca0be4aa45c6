import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerControls } from '../src/player/player-controls';

// WCAG 2.5.3 Label in Name: a control's accessible name contains the text it shows, so that a
// voice-control user can say what they see ("360p") and reach it. media-chrome's controls show
// icons only; their names are media-chrome-catalan.ts's.

const noop = () => undefined;

function controls(): { text: string; name: string }[] {
  const html = renderToStaticMarkup(
    <PlayerControls
      video
      marks={[]}
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
      onToggleSubtitles={noop}
      onChooseLevel={noop}
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
    expect(shown.map((control) => control.name)).toEqual(['Subtítols', 'Qualitat: Automàtica (360p)']);
    for (const { text, name } of shown) expect(name.toLowerCase(), `"${text}"`).toContain(text.toLowerCase());
  });
});
