import { describe, expect, it } from 'vitest';
import { broadcastLabel } from '../../src/reports/media-broadcast-label.js';
import { channelName, programmeName } from '../../src/reports/media-channel-names.js';
import { lastWholeDay } from '../../src/reports/media-live-params.js';

const at = (iso: string) => Date.parse(iso);

describe('the live reports’ default day', () => {
  it('reads yesterday when the period ends today, which is still under way', () => {
    expect(lastWholeDay({ from: '2026-11-22', to: '2026-11-28' }, 'Europe/Madrid', at('2026-11-28T06:00:00Z'))).toBe('2026-11-27');
  });

  it('reads today when the period is today alone', () => {
    expect(lastWholeDay({ from: '2026-11-28', to: '2026-11-28' }, 'Europe/Madrid', at('2026-11-28T06:00:00Z'))).toBe('2026-11-28');
  });

  it('reads the last day of a period that ended before today', () => {
    expect(lastWholeDay({ from: '2026-10-01', to: '2026-10-31' }, 'Europe/Madrid', at('2026-11-28T06:00:00Z'))).toBe('2026-10-31');
  });

  it('cuts today in the report zone: 23:30 UTC on the 27th is the 28th in Madrid', () => {
    expect(lastWholeDay({ from: '2026-11-22', to: '2026-11-28' }, 'Europe/Madrid', at('2026-11-27T23:30:00Z'))).toBe('2026-11-27');
    expect(lastWholeDay({ from: '2026-11-22', to: '2026-11-27' }, 'UTC', at('2026-11-27T23:30:00Z'))).toBe('2026-11-26');
  });
});

describe('media labels', () => {
  it("names a broadcast id by its title, channel and its start on the channel's clock", () => {
    expect(broadcastLabel('mesura-tv-2026-11-26T21:00:00+01:00', 'Mesura Notícies vespre')).toBe('Mesura Notícies vespre · Mesura TV, dj. 26/11/2026 21:00');
    expect(broadcastLabel('mesura-radio-2026-07-01T06:00:00+02:00', '')).toBe('Directe · Mesura Ràdio, dc. 01/07/2026 06:00');
  });

  it('leaves alone a content id that is no broadcast', () => {
    expect(broadcastLabel('el-reportatge-t1-e2', 'La vida a les masies')).toBeUndefined();
    expect(broadcastLabel('mesura-tv-directe', 'Mesura TV')).toBeUndefined();
  });

  it('names programmes and channels from the content catalogue, and keeps an unknown code', () => {
    expect(programmeName('MESURA-NOTICIES')).toBe('Mesura Notícies');
    expect(programmeName('UN-ALTRE')).toBe('UN-ALTRE');
    expect(channelName('mesura-24')).toBe('Mesura 24');
  });
});
