import { useEffect, useRef, useState } from 'react';
import type { Choice } from '@mesura/consent';
import shippedVendorList from '@mesura/consent/vendor-list.json';
import { setToggle, togglesFromChoice, type Toggles } from './choice-toggles';
import { ConsentButton } from './consent-button';
import { ConsentSwitch } from './consent-switch';
import { settingsModel, type VendorView } from './settings-model';
import { SETTINGS_TEXTS } from './settings-texts';
import { CONSENT_TEXTS } from './texts';
import { VisitorRightsFromBrowser } from './visitor-rights';

/** What the layer lists: the shipped vendor list's purposes and vendors. */
const SHIPPED_SETTINGS = settingsModel(shippedVendorList);

export interface SettingsLayerProps {
  /** The choice in force when the layer opens; the switches start from it (all off without one). */
  initialChoice: Choice | undefined;
  onSave(toggles: Toggles): void;
  onAcceptAll(): void;
  onRejectAll(): void;
}

/**
 * The second layer: one switch per purpose and per vendor. Mounted afresh each time it opens, with
 * focus on its heading. A chunk of its own with the vendor list (consent-banner.tsx loads it when the
 * layer first opens): most visitors answer on the first layer.
 */
export function SettingsLayer({ initialChoice, onSave, onAcceptAll, onRejectAll }: SettingsLayerProps) {
  const model = SHIPPED_SETTINGS;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The banner sticks to the viewport's bottom and is in view: scrolling to its place at the end of
  // the page would move the page behind it.
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  const [toggles, setToggles] = useState(() => togglesFromChoice(initialChoice));
  const change = (kind: keyof Toggles, id: number) => (on: boolean) => setToggles((current) => setToggle(current, kind, id, on));
  return (
    <>
      <h3 ref={headingRef} tabIndex={-1} className="consent-banner__subheading">
        {SETTINGS_TEXTS.settingsHeading}
      </h3>
      <p>{SETTINGS_TEXTS.settingsIntro}</p>
      <fieldset className="consent-group">
        <legend>{SETTINGS_TEXTS.purposesLegend}</legend>
        {model.purposes.map((purpose) => (
          <ConsentSwitch key={purpose.id} label={purpose.name} description={purpose.description} checked={toggles.purposes.has(purpose.id)} onChange={change('purposes', purpose.id)} />
        ))}
      </fieldset>
      <fieldset className="consent-group">
        <legend>{SETTINGS_TEXTS.vendorsLegend}</legend>
        {model.vendors.map((vendor) => (
          <ConsentSwitch key={vendor.id} label={vendor.name} description={<VendorPurposes vendor={vendor} />} checked={toggles.vendors.has(vendor.id)} onChange={change('vendors', vendor.id)} />
        ))}
      </fieldset>
      <VisitorRightsFromBrowser />
      <div className="consent-actions">
        <ConsentButton onClick={() => onSave(toggles)}>{SETTINGS_TEXTS.save}</ConsentButton>
        <ConsentButton onClick={onAcceptAll}>{CONSENT_TEXTS.acceptAll}</ConsentButton>
        <ConsentButton onClick={onRejectAll}>{CONSENT_TEXTS.rejectAll}</ConsentButton>
      </div>
    </>
  );
}

function VendorPurposes({ vendor }: { vendor: VendorView }) {
  return (
    <>
      {vendor.consentPurposes.length === 0 ? null : (
        <p>
          {SETTINGS_TEXTS.vendorConsentPurposes}: {vendor.consentPurposes.join('; ')}.
        </p>
      )}
      {vendor.legitimateInterestPurposes.length === 0 ? null : (
        <p>
          {SETTINGS_TEXTS.vendorLegitimateInterestPurposes}: {vendor.legitimateInterestPurposes.join('; ')}.
        </p>
      )}
    </>
  );
}
