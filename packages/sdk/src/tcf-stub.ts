/**
 * The `__tcfapi` stub of the IAB TCF v2: until the CMP loads, calls are kept (and handed to it:
 * @iabtcf/cmpapi takes them by calling the stub with no arguments) and `ping` answers that no CMP
 * is loaded yet. The `__tcfapiLocator` frame for vendors inside iframes is left out: the site
 * embeds no third-party frames that would ask.
 */
type TcfCall = unknown[];
type TcfStub = (...args: unknown[]) => TcfCall[] | undefined;

export function installTcfStub(target: { __tcfapi?: unknown }): void {
  if (typeof target.__tcfapi === 'function') return;
  const calls: TcfCall[] = [];
  const stub: TcfStub = (...args) => {
    if (args.length === 0) return calls;
    const [command, , callback] = args;
    if (command === 'ping' && typeof callback === 'function') {
      callback({ gdprApplies: true, cmpLoaded: false, cmpStatus: 'stub', apiVersion: '2.2' }, true);
    } else {
      calls.push(args);
    }
    return undefined;
  };
  target.__tcfapi = stub;
}
