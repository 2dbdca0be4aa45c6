/** What the SDK tests share about the beacons a recording transport caught. */
import { decodeBeacon, type Beacon } from '@mesura/protocol';

export interface SentBeacon {
  path: string;
  query: string;
}

/** Lets the tag runtime's rule promises run, and a timer turn after them. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The beacons as the collector decodes them (the path from `/b/ss/` on); a refused one fails the test with its reason. */
export function decodedBeacons(sent: readonly SentBeacon[]): Beacon[] {
  return sent.map(({ path, query }) => {
    const result = decodeBeacon(path.slice(path.indexOf('/b/ss/')), query);
    if (!result.ok) throw new Error(result.reason);
    return result.value;
  });
}
