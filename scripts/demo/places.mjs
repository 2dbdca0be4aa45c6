// Where the demo's visitors connect from: each visitor has a home network, drawn from n alone, in
// a place the public broadcaster's audience lives in (most in Catalonia's four provinces, some in
// the rest of Spain, Andorra, France and further abroad). The networks are found in the database
// the server places addresses with (`@mesura/server/tooling` openGeolocator), so that the server
// places each visitor where the demo meant; the demo names the address with the backfill key
// (x-mesura-client-address, server/src/ingest/backfill-key.ts), as a proxy would forward it.
import { geoDatabaseFiles, openGeolocator } from '@mesura/server/tooling';
import { randomFor, weighted } from './seeded.mjs';

/** Shares of the visitors by where they live, and how the server's place tells it. */
const PLACE_SHARES = [
  ['barcelona', 0.56, (p) => p.country === 'ES' && p.province === 'Barcelona'],
  ['girona', 0.08, (p) => p.country === 'ES' && p.province === 'Girona'],
  ['tarragona', 0.08, (p) => p.country === 'ES' && p.province === 'Tarragona'],
  ['lleida', 0.05, (p) => p.country === 'ES' && p.province === 'Lleida'],
  ['spain', 0.12, (p) => p.country === 'ES' && p.region !== null && p.region !== 'Catalonia'],
  ['andorra', 0.03, (p) => p.country === 'AD'],
  ['france', 0.04, (p) => p.country === 'FR' && p.region !== null],
  ['abroad', 0.04, (p) => p.country !== null && !['ES', 'AD', 'FR'].includes(p.country) && p.city !== null],
];
/** The third octets tried in every /16: a quarter of each is enough to find each place's networks. */
const THIRD_OCTETS = [0, 64, 128, 192];
/** Networks kept per place: enough for a city to have several, few enough to find quickly. */
const NETWORKS_PER_PLACE = 400;

let found;

/** The /24 networks of each place of PLACE_SHARES, in address order (the same on every run of one database). */
function networksByPlace() {
  if (found) return found;
  const locate = openGeolocator(geoDatabaseFiles(undefined));
  found = new Map(PLACE_SHARES.map(([name]) => [name, []]));
  for (let a = 1; a < 224; a++) {
    for (let b = 0; b < 256; b++) {
      for (const c of THIRD_OCTETS) {
        const network = `${a}.${b}.${c}.0`;
        const place = locate(network);
        const share = PLACE_SHARES.find(([, , matches]) => matches(place));
        const kept = share && found.get(share[0]);
        if (kept && kept.length < NETWORKS_PER_PLACE) kept.push(network);
      }
    }
  }
  return found;
}

/** Visitor n's address: a host of a network of a place drawn by PLACE_SHARES (places without any network left out). */
export function demoAddress(n) {
  const networks = networksByPlace();
  const next = randomFor('visitor-place', n);
  const place = weighted(
    next,
    PLACE_SHARES.filter(([name]) => networks.get(name).length > 0).map(([name, share]) => [name, share]),
  );
  const choices = networks.get(place);
  const network = choices[Math.floor(next() * choices.length)];
  return `${network.slice(0, -1)}${1 + Math.floor(next() * 254)}`;
}
