import { ReportArea } from '../../report-view/report-area';

/**
 * The Geografia area: the server catalogue's `geography` reports (countries on a world map, regions,
 * Catalonia's provinces on a map, cities), each in the generic report view. The places come from
 * DB-IP's database, whose licence (CC BY 4.0) asks every page that shows them to credit it with a link.
 */
export default function GeografiaArea() {
  return (
    <>
      <ReportArea catalogueArea="geography" label="Geografia" />
      <p className="panel__note">
        Llocs deduïts de l'adreça de xarxa de cada visita en arribar (l'adreça no es desa): <a href="https://db-ip.com">IP Geolocation by DB-IP</a>. Contorns dels mapes: Natural Earth i l'Instituto
        Geográfico Nacional.
      </p>
    </>
  );
}
