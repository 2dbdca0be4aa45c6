/** The limits of the mail Mesura sends, each named once. */

/**
 * Mails one address may receive per hour, and at once: sign-ups are anonymous, so without this
 * anyone could have Mesura flood a stranger's mailbox. Past it a mail is dropped (the visitor's
 * answer is the same either way).
 */
export const MAILS_PER_RECIPIENT_PER_HOUR = 6;
export const MAILS_PER_RECIPIENT_BURST = 5;
/** Recipients whose rate is remembered at once (least recently seen forgotten first). */
export const MAX_TRACKED_MAIL_RECIPIENTS = 10_000;
/** How long a relay may take to answer a connection, and then any one command. */
export const SMTP_CONNECT_TIMEOUT_MS = 10_000;
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;
