import { describe, expect, it } from 'vitest';
import { adCountdown, countdownText } from '../src/player/ad-countdown';

describe('adCountdown', () => {
  it('counts the whole seconds left, rounded up', () => {
    expect(adCountdown({ lengthSeconds: 3 }, 0)).toEqual({ remainingSeconds: 3, skippable: false });
    expect(adCountdown({ lengthSeconds: 3 }, 0.2).remainingSeconds).toBe(3);
    expect(adCountdown({ lengthSeconds: 3 }, 1.01).remainingSeconds).toBe(2);
    expect(adCountdown({ lengthSeconds: 3 }, 3.4).remainingSeconds).toBe(0);
    expect(countdownText(adCountdown({ lengthSeconds: 3 }, 1.5))).toBe("L'anunci acaba en 2 s");
  });

  it('lets a skippable ad be skipped from its skip offset on, and says how long until then', () => {
    const ad = { lengthSeconds: 3, skipOffsetSeconds: 1 };
    expect(adCountdown(ad, 0)).toEqual({ remainingSeconds: 3, skippable: false, skipInSeconds: 1 });
    expect(adCountdown(ad, 0.99).skippable).toBe(false);
    expect(adCountdown(ad, 1)).toEqual({ remainingSeconds: 2, skippable: true });
  });

  it('never offers a skip for an ad without one, or one whose offset is past its end', () => {
    expect(adCountdown({ lengthSeconds: 3 }, 2.5).skippable).toBe(false);
    expect(adCountdown({ lengthSeconds: 3, skipOffsetSeconds: 3 }, 2.9)).toEqual({ remainingSeconds: 1, skippable: false });
  });

  it('reads a playhead that is not a number as the start', () => {
    expect(adCountdown({ lengthSeconds: 2 }, Number.NaN).remainingSeconds).toBe(2);
  });
});
