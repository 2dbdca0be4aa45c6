import { describe, expect, it } from 'vitest';
import { KEY_SEEK_SECONDS, playerKeyAction } from '../src/player/keyboard';

const press = (key: string, targetTag = 'VIDEO', modifier = false) => playerKeyAction({ key, targetTag, modifier });

describe('playerKeyAction', () => {
  it('maps space and k to play/pause, the arrows to ±5 s, m to mute, c to subtitles, f to full screen', () => {
    expect(press(' ')).toEqual({ action: 'toggle-play' });
    expect(press('k')).toEqual({ action: 'toggle-play' });
    expect(press('ArrowLeft')).toEqual({ action: 'seek-by', seconds: -KEY_SEEK_SECONDS });
    expect(press('ArrowRight')).toEqual({ action: 'seek-by', seconds: KEY_SEEK_SECONDS });
    expect(press('M')).toEqual({ action: 'toggle-mute' });
    expect(press('c')).toEqual({ action: 'toggle-subtitles' });
    expect(press('f')).toEqual({ action: 'toggle-fullscreen' });
    expect(KEY_SEEK_SECONDS).toBe(5);
  });

  it('leaves space to a focused button, every key to a field, and keys with a modifier to the browser', () => {
    expect(press(' ', 'BUTTON')).toBeUndefined();
    expect(press('k', 'BUTTON')).toEqual({ action: 'toggle-play' });
    expect(press('ArrowLeft', 'INPUT')).toBeUndefined();
    expect(press('f', 'VIDEO', true)).toBeUndefined();
    expect(press('x')).toBeUndefined();
  });

  it("treats media-chrome's controls as the buttons and sliders they are", () => {
    expect(press(' ', 'MEDIA-PLAY-BUTTON')).toBeUndefined();
    expect(playerKeyAction({ key: ' ', targetTag: 'DIV', targetRole: 'button', modifier: false })).toBeUndefined();
    expect(press('ArrowRight', 'MEDIA-TIME-RANGE')).toBeUndefined();
    expect(press('ArrowLeft', 'MEDIA-VOLUME-RANGE')).toBeUndefined();
    expect(press('m', 'MEDIA-MUTE-BUTTON')).toEqual({ action: 'toggle-mute' });
  });
});
