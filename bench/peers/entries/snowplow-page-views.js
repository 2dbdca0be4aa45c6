// Snowplow: page views (the browser tracker's README example).
import { newTracker, trackPageView } from '@snowplow/browser-tracker';

newTracker('sp', 'https://collector.example.org', { appId: 'site' });
trackPageView();
