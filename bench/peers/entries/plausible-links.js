// Plausible: page views, outbound links and file downloads.
import { init } from '@plausible-analytics/tracker';

init({ domain: 'example.org', endpoint: 'https://plausible.example.org/api/event', outboundLinks: true, fileDownloads: true });
