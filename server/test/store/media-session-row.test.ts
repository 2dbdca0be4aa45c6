import { describe, expect, it } from 'vitest';
import { MEDIA_SESSION_COLUMNS, mediaSessionOf } from '../../src/store/media-session-row.js';

/** A row with every column NULL but its keys, as an engine hands a session with nothing measured. */
const nullRow = (): Record<string, unknown> => Object.fromEntries(MEDIA_SESSION_COLUMNS.map((column) => [column, null]));

describe('mediaSessionOf: one definition of a session row for both engines', () => {
  it('reads a row holding every column, NULLs included', () => {
    const session = mediaSessionOf({ ...nullRow(), session_id: 's1', content_id: 'c1', stream_type: 'vod', media_type: 'video', day_text: '2026-11-27', content_ms: 4750 });
    expect(session).toMatchObject({ sessionId: 's1', contentSeconds: 4.75, endedReason: null, startupTimeMs: null, avgBitrate: null });
  });

  it('refuses a row an engine text made without one of the columns, naming it', () => {
    const { dropped_frames: _left, ...row } = nullRow();
    expect(() => mediaSessionOf(row)).toThrow(/lacks dropped_frames/);
  });
});
