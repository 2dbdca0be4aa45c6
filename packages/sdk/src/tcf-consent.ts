/**
 * The visitor's consent as the rules read it, from the page's `__tcfapi` (IAB TCF v2): any TCF CMP
 * works, Mesura's own or another. Until the CMP has answered with a choice, nothing is allowed.
 */
import type { TcfSignal } from '@mesura/protocol';
import type { ConsentSource } from '@mesura/tags';

/** The part of the TCF `TCData` the rules need. */
export interface TcData {
  eventStatus?: string;
  /** False where the GDPR does not apply: then there is nothing to consent to. */
  gdprApplies?: boolean;
  purpose?: { consents?: Record<string, boolean> };
  vendor?: { consents?: Record<string, boolean> };
  /** The TC string of the choice, when the GDPR applies. */
  tcString?: string;
}

export type TcfApi = (command: string, version: number, callback: (data: TcData, success: boolean) => void) => void;

export interface TcfConsentOptions {
  tcfapi: TcfApi;
  /** Vendor name used by the rules → TCF vendor id. */
  vendorIds: Readonly<Record<string, number>>;
  /** Purposes every vendor needs: TCF purpose 1, storing on the device (the tracking cookie). */
  vendorPurposes: readonly number[];
  /** Purposes automatic hits need besides (1 and 8, content measurement); default none, for a bundle that sends no hit. */
  automaticHitPurposes?: readonly number[];
  /** Called on the CMP's first answer with a choice (`ready`) and on every later one (`changed`). */
  onSignal(kind: 'ready' | 'changed', data: TcData): void;
}

/** CMP answers that carry the visitor's choice; `cmpuishown` means it is being asked for. */
const CHOICE_STATUSES = ['tcloaded', 'useractioncomplete'];

/**
 * The signal every hit and heartbeat carries to the collector (`gdpr`, `gdpr_consent`), of a CMP
 * answer that `onSignal` hands over. Apart from the source, so that bundles that send nothing
 * (personalisation) do not carry it.
 */
export const tcfSignal = (data: TcData): TcfSignal => ({ gdprApplies: data.gdprApplies !== false, tcString: data.tcString });

export function tcfConsent(options: TcfConsentOptions): ConsentSource {
  let data: TcData | undefined;
  const given = (purposes: readonly number[]) => data?.gdprApplies === false || (data !== undefined && purposes.every((purpose) => data?.purpose?.consents?.[purpose] === true));
  options.tcfapi('addEventListener', 2, (update, success) => {
    if (!success || !CHOICE_STATUSES.includes(update.eventStatus ?? '')) return;
    const first = data === undefined;
    data = update;
    // A loaded CMP answers inside addEventListener, before this function has returned its source.
    queueMicrotask(() => options.onSignal(first ? 'ready' : 'changed', update));
  });
  return {
    hasVendorConsent(vendor) {
      const id = typeof vendor === 'number' ? vendor : options.vendorIds[vendor];
      // Where the GDPR does not apply, `given` says yes too.
      return (data?.gdprApplies === false || (id !== undefined && data?.vendor?.consents?.[id] === true)) && given(options.vendorPurposes);
    },
    automaticHitsDisabled: () => !given(options.automaticHitPurposes ?? []),
  };
}
