/**
 * «Avisos i informes per correu», mounted by the console's shell at /avisos/*: every analyst's own
 * reports mailed daily, weekly or monthly, their alert rules, and the alerts those fired.
 */
import { useCallback } from 'react';
import { useSession } from '../../session/session-context';
import { useLoaded } from '../administracio/use-loaded';
import { AlertRuleSection } from './alert-rule-section';
import { FiredAlertSection } from './fired-alert-section';
import { mailNoticesApi } from './mail-notices-api';
import { SubscriptionSection } from './subscription-section';

export default function AvisosArea() {
  const { me } = useSession();
  const alerts = useLoaded(useCallback((signal?: AbortSignal) => mailNoticesApi.firedAlerts(signal), []));
  return (
    <>
      <title>Avisos i informes per correu · Mesura · Consola</title>
      <div className="page-heading">
        <h1>Avisos i informes per correu</h1>
      </div>
      <FiredAlertSection alerts={alerts.state} onRetry={() => void alerts.reload()} />
      <AlertRuleSection onChanged={() => void alerts.reload()} />
      <SubscriptionSection email={me.email} />
    </>
  );
}
