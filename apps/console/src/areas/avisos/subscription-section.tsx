import { useCallback, useState } from 'react';
import type { Outcome } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import { LoadFailure } from '../experiments/load-failure';
import { useLoaded } from '../administracio/use-loaded';
import { mailNoticesApi } from './mail-notices-api';
import { NewSubscriptionForm } from './new-subscription-form';
import type { Message } from './notice-message';
import { SubscriptionTable } from './subscription-table';

/** The reports mailed to the signed-in person: the list, with "send now" and "stop", and the form that adds one. */
export function SubscriptionSection({ email }: { email: string }) {
  const subscriptions = useLoaded(useCallback((signal?: AbortSignal) => mailNoticesApi.subscriptions(signal), []));
  const [message, setMessage] = useState<Message>();

  const act = async (done: Promise<Outcome<undefined>>, success: string) => {
    const result = await done;
    setMessage(result.ok ? { text: success, problem: false } : { text: `No s'ha pogut fer. ${apiFailureMessage(result.failure)}`, problem: true });
    await subscriptions.reload();
  };

  return (
    <section className="panel" aria-labelledby="mailed-reports-heading" aria-busy={subscriptions.state.status === 'loading'}>
      <h2 id="mailed-reports-heading">Informes per correu</h2>
      <p className="panel__note">Un resum curt de l'informe (totals, canvi respecte del període anterior i primeres files) amb un enllaç a la consola, a la vostra adreça, {email}.</p>
      {subscriptions.state.status === 'failed' && (
        <LoadFailure what="No s'han pogut llegir els informes programats." failure={subscriptions.state.failure} onRetry={() => void subscriptions.reload()} />
      )}
      {subscriptions.state.status === 'ready' && subscriptions.state.value.length === 0 && <p className="panel__note">Encara no rebeu cap informe per correu.</p>}
      {subscriptions.state.status === 'ready' && subscriptions.state.value.length > 0 && (
        <SubscriptionTable
          subscriptions={subscriptions.state.value}
          onSendNow={(id) => void act(mailNoticesApi.sendNow(id), `Enviat ara a ${email}.`)}
          onStop={(id) => void act(mailNoticesApi.unsubscribe(id), 'Ja no us enviarem aquest informe.')}
        />
      )}
      <NewSubscriptionForm email={email} onDone={(next) => (setMessage(next), void subscriptions.reload())} />
      {message && (
        <p className={message.problem ? 'panel__error' : 'panel__note'} role={message.problem ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
