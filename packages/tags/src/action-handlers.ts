/**
 * The seams between the rules and the rest of the SDK: the runtime decides, these act. Analytics
 * actions are never sent by the runtime itself; `@mesura/sdk` wires `@mesura/analytics` and the
 * personalisation package in here.
 */
import type { EventDetail } from './tag-event.js';

/** The consent state the consent conditions read (the consent issue supplies the real one). */
export interface ConsentSource {
  /** Whether the visitor's vendor consent list holds this vendor (§5 consent conditions). */
  hasVendorConsent(vendorId: string | number): boolean;
  /** Whether automatic hits (page views nobody asked for explicitly) are switched off (§5). */
  automaticHitsDisabled(): boolean;
}

/** Analytics variable name (the report suite's map, e.g. `section`) → its value, never empty. */
export type Variables = Record<string, string>;

/** The `sendPageView` action, resolved. */
export interface SendPageViewInput {
  /** The action's `pageName`, resolved; `''` is a real value (an Error404 page, §2). Absent when not configured. */
  pageName?: string;
  /** The action's `url`, resolved. Absent when not configured. */
  url?: string;
  /** Data-layer variables (with `dataLayerVariables`), then the action's own. */
  variables: Variables;
  /** Event names of the report suite, e.g. `['pageView', 'search']` (§9 event numbers). */
  events: string[];
  /** The detail of the event that triggered the rule. */
  detail: EventDetail;
}

/** The `sendLink` action, resolved. */
export interface SendLinkInput {
  /** `'o'` other (the default, §7), `'d'` download, `'e'` exit. */
  linkType: LinkType;
  /** Resolved link name; absent when empty, so the analytics default applies (§7). */
  linkName?: string;
  /** Resolved link URL; absent when empty. */
  linkUrl?: string;
  variables: Variables;
  events: string[];
  detail: EventDetail;
}

/** The `personalize` action, resolved: a hook for the personalisation package. */
export interface PersonalizeInput {
  /** The mbox (location) name, e.g. `mesura-el-temps`. */
  mbox: string;
  /** The action's `parameters`, resolved; empty values left out. */
  parameters: Variables;
  detail: EventDetail;
}

/** A link track's type. */
export type LinkType = 'o' | 'd' | 'e';

/** What the analytics and personalisation actions call. A returned promise is awaited (2 s at most). */
export interface ActionHandlers {
  sendPageView(input: SendPageViewInput): void | Promise<void>;
  sendLink(input: SendLinkInput): void | Promise<void>;
  clearVariables(): void | Promise<void>;
  personalize(input: PersonalizeInput): void | Promise<void>;
}
