/** The shared media session cases in the embedded store's session SQL (helpers/media-session-cases.ts). */
import { describe } from 'vitest';
import { useReplayServer } from '../helpers/media.js';
import { testSessionCases } from '../helpers/media-session-cases.js';

const media = useReplayServer();

describe('media session rules, the shared cases, in the session SQL (§4, §9)', () => {
  testSessionCases(media);
});
