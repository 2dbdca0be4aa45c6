import { En } from 'media-chrome/dist/lang/en.js';
import { t } from 'media-chrome/dist/utils/i18n.js';
import { describe, expect, it } from 'vitest';
import { CATALAN_LABELS } from '../src/player/media-chrome-catalan';

describe("media-chrome's labels in Catalan", () => {
  it('are what the controls say, whatever language the browser has', () => {
    expect(t('play')).toBe('Reprodueix');
    expect(t('Enter fullscreen mode')).toBe('Pantalla completa');
    expect(t('{currentTime} of {totalTime}', { currentTime: '0:12', totalTime: '0:30' })).toBe('0:12 de 0:30');
  });

  it("each translate one of media-chrome's own texts (a misspelt key would leave English)", () => {
    for (const key of Object.keys(CATALAN_LABELS)) expect(Object.keys(En), key).toContain(key);
  });
});
