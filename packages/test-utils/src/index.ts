export { CLIENT_TIME, chars, fakeLocalDate, framedQuery, makeHit, validQueryWith } from './hits.js';
export { SAMPLE_BEACONS, splitBeaconUrl, withoutIdServiceParams, type SampleBeacon } from './sample-beacons.js';
export { MEDIA_SCENARIOS_DIR, mediaScenarioFile, mediaScenarioNames, readMediaScenario, readMediaSessionCases } from './data.js';
export { fakeCookieJar, type FakeJar } from './cookie-jar.js';
