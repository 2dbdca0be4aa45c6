export { createTracker, type Tracker, type TrackerDeps, type TrackDetail, type SkipReason } from './tracker.js';
export { ALLOW_ALL, type ConsentGate } from './consent-gate.js';
export { SDK_VERSION, PAGE_VIEW_CALL } from './constants.js';
