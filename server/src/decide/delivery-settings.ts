/**
 * The operator's delivery settings, read from the environment by config.ts: the edge host every
 * answer names (MESURA_DECISION_EDGE_HOST) and the client codes whose delivery is switched off
 * (MESURA_DELIVERY_DISABLED_MS). Each reader throws a one-line Error naming the variable.
 */

/**
 * A DNS name or IPv4 address with an optional port. No scheme, path or IPv6 literal: the clients
 * put the host after their own protocol, and the personalisation client ignores anything its
 * host pattern (`[A-Za-z0-9.-]+(:port)?`) refuses, so such a value would silently do nothing.
 */
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EDGE_HOST = new RegExp(`^(${HOST_LABEL}(?:\\.${HOST_LABEL})*)(?::(\\d{1,5}))?$`);
const HOST_NAME_MAX_CHARS = 253;
const PORT_MAX = 65535;

/** MESURA_DECISION_EDGE_HOST: undefined when unset or empty. */
export function parseEdgeHost(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const match = EDGE_HOST.exec(value);
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  if (!match || match[1]!.length > HOST_NAME_MAX_CHARS || (port !== undefined && (port < 1 || port > PORT_MAX))) {
    throw new Error(`MESURA_DECISION_EDGE_HOST must be a host name with an optional port, such as edge.example.com:8443, got '${value}'`);
  }
  return value;
}

const DISABLED_ENTRY = /^([^:\s]+):([1-9]\d*)$/;

/**
 * MESURA_DELIVERY_DISABLED_MS: `clientCode:milliseconds,…`, by client code. The duration is what
 * each answer tells the client (it stops asking for that long); the server keeps answering
 * `disabled` for as long as the setting is there. Every code must be one the server answers, so a
 * typo cannot leave delivery on while the operator believes it off.
 */
export function parseDeliveryDisabled(value: string | undefined, clientCodes: readonly string[]): ReadonlyMap<string, number> {
  const disabled = new Map<string, number>();
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const match = DISABLED_ENTRY.exec(entry);
    const durationMs = Number(match?.[2]);
    if (!match || !Number.isSafeInteger(durationMs)) {
      throw new Error(`MESURA_DELIVERY_DISABLED_MS must be a comma list of clientCode:milliseconds such as mesura:86400000, got '${entry}'`);
    }
    const clientCode = match[1]!;
    if (!clientCodes.includes(clientCode)) {
      throw new Error(`MESURA_DELIVERY_DISABLED_MS names client code '${clientCode}', which is not in MESURA_CLIENT_CODES (${clientCodes.join(', ')})`);
    }
    if (disabled.has(clientCode)) throw new Error(`MESURA_DELIVERY_DISABLED_MS names client code '${clientCode}' twice`);
    disabled.set(clientCode, durationMs);
  }
  return disabled;
}
