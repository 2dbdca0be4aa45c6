/**
 * A mistake or a condition only the operator can fix (a port in use, a data folder of a newer
 * build, a folder it cannot write): main.ts prints its message as one line, never a stack, and
 * exits with its code. 2 is a refusal that changed nothing (the convention of `loadConfig`'s
 * errors); 1 is a failure to start.
 */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}
