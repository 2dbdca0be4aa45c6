/**
 * Test data read by the tests of more than one workspace: the media replay scenarios
 * (media-scenarios/*.json) and the media session cases (media-session-cases.json). Tests reach
 * them through these functions, never by a path into another workspace's folders.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The package's folder: src/ under the sources, dist/ once built; the data sit beside both. */
const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');

/**
 * The folder of the media replay scenarios: each a scenario in @mesura/media's README "Replay"
 * format plus `expected`, its output lines.
 */
export const MEDIA_SCENARIOS_DIR = path.join(PACKAGE_DIR, 'media-scenarios');

/** The path of a media scenario file, by its name (`issue-example.json`). */
export function mediaScenarioFile(name: string): string {
  return path.join(MEDIA_SCENARIOS_DIR, name);
}

/** The names of the media scenario files, sorted. */
export function mediaScenarioNames(): string[] {
  return readdirSync(MEDIA_SCENARIOS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** A media scenario file, parsed. */
export function readMediaScenario(name: string): unknown {
  return JSON.parse(readFileSync(mediaScenarioFile(name), 'utf8'));
}

/**
 * The shared media session cases (@mesura/protocol's media-session-rules.ts states the rules),
 * parsed: the tracker's tests and the server's session SQL tests run the same file.
 */
export function readMediaSessionCases(): unknown {
  return JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'media-session-cases.json'), 'utf8'));
}
