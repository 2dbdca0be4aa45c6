/**
 * Custom script `interessos.js` of the site's property (tag-library.ts SITE_CUSTOM_SCRIPTS), loaded
 * from the asset host under personalisation consent: counts the visitor's page views per section
 * (the data layer's `page.seccio`) in an interest profile on the device (interest-profile.ts), which
 * the audience module turns into segments. It records the page it finds on load and each later page
 * view /mesura.js announces (PAGE_VIEW_EVENT), each path once.
 */
import { NOT_INFORMED } from '@mesura/datalayer';
import { INTEREST_PROFILE_KEY, readInterestProfile, recordSectionView } from '../interest-profile.js';
import { PAGE_VIEW_EVENT } from '../tag-library.js';

export interface InterestRecorderEnv {
  /** The page's path now (location.pathname). */
  path(): string;
  /** The data layer's section now (`mesuraData.page.seccio`). */
  section(): string | undefined;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
  listen(event: string, listener: () => void): void;
}

export function startInterestRecorder(env: InterestRecorderEnv): void {
  let recordedPath: string | undefined;
  const record = () => {
    const path = env.path();
    const section = env.section();
    // A page view the script was loaded for is announced after it recorded that page; a page of
    // no section (the data layer's default) says nothing of the visitor's interests.
    if (path === recordedPath || !section || section.toLowerCase() === NOT_INFORMED.toLowerCase()) return;
    recordedPath = path;
    const profile = readInterestProfile(env.storage.getItem(INTEREST_PROFILE_KEY));
    try {
      env.storage.setItem(INTEREST_PROFILE_KEY, JSON.stringify(recordSectionView(profile, section, env.now())));
    } catch {
      // Storage full or blocked: the profile simply does not grow.
    }
  };
  record();
  env.listen(PAGE_VIEW_EVENT, record);
}
