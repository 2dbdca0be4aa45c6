/**
 * Writes a member whose name the request chose (a metadata or context-data key) into a plain
 * record, as data. Assignment is the cheap way (defineProperty costs about ten times as much, on
 * every key of every hit), but a name Object.prototype already has would reach the prototype's
 * member instead: `__proto__` would set the record's prototype, and a frozen `toString` would
 * throw. Those few names are defined.
 */
export function setDataMember(record: Record<string, string>, name: string, value: string): void {
  if (Object.hasOwn(Object.prototype, name)) Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
  else record[name] = value;
}
