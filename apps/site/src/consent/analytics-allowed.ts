/**
 * Whether a choice lets /mesura.js load: the rule the head snippet applies to the stored cookie,
 * applied here to a choice made in this page, so that accepting loads the SDK without a reload.
 */
import { PURPOSE_STORE_ACCESS, VENDOR_IDS, type Choice } from '@mesura/consent';

/**
 * True when the web-analytics vendor has consent and so has purpose 1 (storing on the device): the
 * SDK writes its visitor cookie, so it may not even load without both.
 */
export function allowsWebAnalytics(choice: Choice | undefined): boolean {
  if (choice === undefined) return false;
  return choice.vendors.includes(VENDOR_IDS['web-analytics']) && choice.purposes.includes(PURPOSE_STORE_ACCESS);
}
