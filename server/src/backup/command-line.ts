/**
 * How the backup and restore commands end: their outcome or their refusal as one line, never a
 * stack; exit 0, or the OperatorError's code (2: refused, nothing changed), or 1 for a failure.
 */
import { OperatorError } from '../operator-error.js';

export function runCommand(name: string, run: (args: readonly string[]) => Promise<string>): void {
  run(process.argv.slice(2)).then(
    (line) => {
      console.log(line);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`mesura ${name}: ${message.split('\n', 1)[0]}`);
      // A plain Error here is loadConfig's one-line refusal of a bad variable, or a failure of the copy.
      process.exitCode = error instanceof OperatorError ? error.exitCode : isConfigError(message) ? 2 : 1;
    },
  );
}

/** loadConfig's messages name the variable first (`MESURA_… must be …`, `PORT must be …`). */
function isConfigError(message: string): boolean {
  return /^(MESURA_[A-Z_]+|PORT) /.test(message);
}
