// Plausible: page views (its npm tracker captures them once initialised).
import { init } from '@plausible-analytics/tracker';

init({ domain: 'example.org', endpoint: 'https://plausible.example.org/api/event' });
