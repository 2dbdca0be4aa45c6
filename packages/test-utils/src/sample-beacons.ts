/**
 * The eight beacons of shared/reference/samples/analytics-beacons.txt, written by the commercial
 * measurement library 2.27.0: four hits without its visitor-id service (visitor id `fid`), then the
 * same four with it (`mid`, plus the service's `aamlh`, `aamb`, `mcorgid`). Copied here so that the
 * tests do not read outside the workspaces.
 */
export interface SampleBeacon {
  name: string;
  url: string;
}

export const SAMPLE_BEACONS: readonly SampleBeacon[] = [
  {
    name: 'page view (fid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s58051498832229?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A43%200%200&fid=1F65FB944AFA1C05-25FBFAF16BF6E758&ce=UTF-8&pageName=ccma%3Aportada&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&r=https%3A%2F%2Fwww.google.com%2F&c.&ccma.&seccio=noticies&.ccma&.c&cc=EUR&ch=home&events=event1%2Cevent2%3D3&c1=p1&v1=v1&h1=a%2Cb&l1=x%2Cy&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&AQE=1',
  },
  {
    name: 'custom link (fid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s54059682771765?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A44%200%200&fid=1F65FB944AFA1C05-25FBFAF16BF6E758&ce=UTF-8&pageName=ccma%3Aportada&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&cc=EUR&events=event5&v1=clicked&pe=lnk_o&pev2=Play%20button&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&lrt=5&AQE=1',
  },
  {
    name: 'download link with ActivityMap (fid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s57763318564031?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A45%200%200&fid=1F65FB944AFA1C05-25FBFAF16BF6E758&ce=UTF-8&pageName=ccma%3Aportada&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&cc=EUR&events=event5&v1=clicked&pe=lnk_d&pev1=https%3A%2F%2Fother.com%2Fx.pdf&c.&a.&activitymap.&page=ccma%3Aportada&link=PDF&region=BODY&pageIDType=1&.activitymap&.a&.c&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&lrt=5&AQE=1',
  },
  {
    name: 'page view with overrides (fid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s58829830055136?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A46%200%200&fid=1F65FB944AFA1C05-25FBFAF16BF6E758&ce=UTF-8&pageName=override%3Anoticia&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&c.&ccma.&seccio=noticies&.ccma&.c&cc=EUR&v3=via-overrides&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&lrt=5&AQE=1',
  },
  {
    name: 'page view (mid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s57056520560774?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A43%200%200&mid=12345678901234567890123456789012345678&aamlh=6&ce=UTF-8&pageName=ccma%3Aportada&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&r=https%3A%2F%2Fwww.google.com%2F&c.&ccma.&seccio=noticies&.ccma&.c&cc=EUR&ch=home&events=event1%2Cevent2%3D3&aamb=BLOB&c1=p1&v1=v1&h1=a%2Cb&l1=x%2Cy&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&mcorgid=ABCDEF0123456789%40AdobeOrg&AQE=1',
  },
  {
    name: 'custom link (mid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s52954439238172?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A44%200%200&mid=12345678901234567890123456789012345678&aamlh=6&ce=UTF-8&pageName=ccma%3Aportada&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&cc=EUR&events=event5&v1=clicked&pe=lnk_o&pev2=Play%20button&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&mcorgid=ABCDEF0123456789%40AdobeOrg&lrt=5&AQE=1',
  },
  {
    name: 'download link with ActivityMap (mid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s57146591698588?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A45%200%200&mid=12345678901234567890123456789012345678&aamlh=6&ce=UTF-8&pageName=ccma%3Aportada&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&cc=EUR&events=event5&v1=clicked&pe=lnk_d&pev1=https%3A%2F%2Fother.com%2Fx.pdf&c.&a.&activitymap.&page=ccma%3Aportada&link=PDF&region=BODY&pageIDType=1&.activitymap&.a&.c&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&mcorgid=ABCDEF0123456789%40AdobeOrg&lrt=5&AQE=1',
  },
  {
    name: 'page view with overrides (mid)',
    url: 'https://smetrics.example.cat/b/ss/ccmaprod/1/JS-2.27.0/s57134934279848?AQB=1&ndh=1&pf=1&t=22%2F10%2F2026%209%3A59%3A46%200%200&mid=12345678901234567890123456789012345678&aamlh=6&ce=UTF-8&pageName=override%3Anoticia&g=https%3A%2F%2Fwww.example.cat%2F%3Futm%3D1&c.&ccma.&seccio=noticies&.ccma&.c&cc=EUR&aamb=BLOB&v3=via-overrides&s=0x0&c=24&j=1.6&v=N&k=Y&bw=1024&bh=768&mcorgid=ABCDEF0123456789%40AdobeOrg&lrt=5&AQE=1',
  },
];

/** The path and the query (without `?`) of a sample, as the collector receives them. */
export function splitBeaconUrl(url: string): { path: string; query: string } {
  const parsed = new URL(url);
  return { path: parsed.pathname, query: parsed.search.slice(1) };
}

/** The query without the visitor-id service's parameters, which Mesura's encoder does not write. */
export function withoutIdServiceParams(query: string): string {
  return query
    .split('&')
    .filter((piece) => !/^(aamlh|aamb|mcorgid)=/.test(piece))
    .join('&');
}
