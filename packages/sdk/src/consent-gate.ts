/**
 * The one place that decides whether the SDK may write its cookie and send. The consent issue
 * replaces this with the TCF signal (vendor consent for web analytics); until then it allows.
 */
export interface ConsentGate {
  allowsAnalytics(): boolean;
}

export const ALLOW_ALL: ConsentGate = { allowsAnalytics: () => true };
