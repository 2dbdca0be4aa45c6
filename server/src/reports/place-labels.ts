/**
 * Catalan names of the places geography-reports.ts ranks. Countries are stored as ISO 3166-1
 * alpha-2 codes, named by the runtime's own Catalan data (Intl.DisplayNames). Regions are stored as
 * the city database names them, in English ("Catalonia"); Spain's autonomous communities are named
 * here in Catalan, other regions keep the database's name. Provinces are stored as es-atlas names
 * them: the Catalan or local name where the official one has two ("Alacant/Alicante"), and the
 * Catalan exonym where there is a usual one.
 */

const COUNTRY_NAMES = new Intl.DisplayNames(['ca'], { type: 'region', fallback: 'code' });

/** A country's Catalan name, or its code when it is no ISO code the runtime knows. */
export function countryLabel(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return COUNTRY_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Spain's autonomous communities and cities as DB-IP names them → their Catalan names. */
const SPANISH_COMMUNITIES: Readonly<Record<string, string>> = {
  Andalusia: 'Andalusia',
  Aragon: 'Aragó',
  Asturias: 'Astúries',
  'Balearic Islands': 'Illes Balears',
  'Basque Country': 'País Basc',
  'Canary Islands': 'Canàries',
  Cantabria: 'Cantàbria',
  'Castille and Leon': 'Castella i Lleó',
  'Castille-La Mancha': 'Castella-la Manxa',
  Catalonia: 'Catalunya',
  Ceuta: 'Ceuta',
  Extremadura: 'Extremadura',
  Galicia: 'Galícia',
  'La Rioja': 'La Rioja',
  Madrid: 'Comunitat de Madrid',
  Melilla: 'Melilla',
  Murcia: 'Regió de Múrcia',
  Navarre: 'Navarra',
  Valencia: 'País Valencià',
};

/** es-atlas's province names that Catalan names otherwise (the rest read the same). */
const PROVINCE_NAMES: Readonly<Record<string, string>> = {
  'Alacant/Alicante': 'Alacant',
  'Castelló/Castellón': 'Castelló',
  'València/Valencia': 'València',
  'Araba/Álava': 'Àlaba',
  'A Coruña': 'la Corunya',
  Gipuzkoa: 'Guipúscoa',
  Bizkaia: 'Biscaia',
  Zaragoza: 'Saragossa',
  Huesca: 'Osca',
  Teruel: 'Terol',
  Murcia: 'Múrcia',
  Cádiz: 'Cadis',
  Córdoba: 'Còrdova',
  'Gibraltar. Territorio no asociado a ninguna provincia': 'Gibraltar',
};

/** A region's Catalan name (a Spanish community's), or the database's. */
export function regionLabel(name: string): string {
  return SPANISH_COMMUNITIES[name] ?? name;
}

/** A province's Catalan name. */
export function provinceLabel(name: string): string {
  return PROVINCE_NAMES[name] ?? name;
}
