/** The bounds of the alerts (docs/mailed-reports-and-alerts.md). */

/** Rules one user may keep: each is a few queries every hour. */
export const ALERT_RULES_PER_USER_MAX = 20;
/** Fired alerts kept per rule, newest first; older ones are deleted as new ones fire. */
export const FIRED_ALERTS_PER_RULE_MAX = 50;
/** How long after a window closes it is checked: the collector's last events of it have arrived by then. */
export const ALERT_SETTLE_MS = 5 * 60_000;
