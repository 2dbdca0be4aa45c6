import { describe, expect, it } from 'vitest';
import { checkDataFolder, listenProblem, type FolderCalls } from '../src/startup-checks.js';
import { OperatorError } from '../src/operator-error.js';

/** File-system calls that fail with `code` at `step`, as a real disk would. */
function failing(step: keyof FolderCalls, code: string): FolderCalls {
  const fail = () => {
    throw Object.assign(new Error(`${code}: refused`), { code });
  };
  return { mkdir: step === 'mkdir' ? fail : () => undefined, writeAndRemove: step === 'writeAndRemove' ? fail : () => undefined };
}

describe('checkDataFolder', () => {
  it('names a read-only mount, whether the folder is new or already there', () => {
    expect(() => checkDataFolder('/srv/mesura/data', failing('mkdir', 'EROFS'))).toThrow(
      new OperatorError('the data folder /srv/mesura/data cannot be created: the file system is mounted read-only; set MESURA_DATA_DIR to a folder Mesura may write'),
    );
    expect(() => checkDataFolder('/srv/mesura/data', failing('writeAndRemove', 'EROFS'))).toThrow('the data folder /srv/mesura/data cannot be written: the file system is mounted read-only');
  });

  it('names a full disk, and passes on a code it does not know', () => {
    expect(() => checkDataFolder('/d', failing('writeAndRemove', 'ENOSPC'))).toThrow('cannot be written: the disk is full;');
    expect(() => checkDataFolder('/d', failing('mkdir', 'ELOOP'))).toThrow('cannot be created: ELOOP;');
  });

  it('is an OperatorError that exits 2: nothing was changed', () => {
    try {
      checkDataFolder('/d', failing('mkdir', 'EACCES'));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OperatorError);
      expect((error as OperatorError).exitCode).toBe(2);
    }
  });
});

describe('listenProblem', () => {
  const error = (code: string) => Object.assign(new Error(code), { code });
  it('says what to change for each listen failure an operator meets', () => {
    expect(listenProblem(error('EACCES'), 80, '0.0.0.0')).toBe(
      'port 80 on 0.0.0.0 needs privileges this user lacks (ports below 1024 are reserved); set PORT to 1024 or above, or let the proxy hold the low port',
    );
    expect(listenProblem(error('EADDRNOTAVAIL'), 8080, '10.9.9.9')).toBe('10.9.9.9 is not an address of this machine; set MESURA_HOST to one of its addresses');
    expect(listenProblem(error('EADDRINUSE'), 8080, '127.0.0.1')).toMatch(/^port 8080 on 127.0.0.1 is already in use/);
  });
});
