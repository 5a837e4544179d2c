import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';

describe('acquireDataDirLock', () => {
  let dir: string;
  let lockFile: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
    lockFile = path.join(dir, 'portal.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the pid to the lock file and removes it on release', () => {
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    // Free again once released.
    acquireDataDirLock(dir)();
  });

  it('refuses a second lock on the directory while the first is held', () => {
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/already using/);
    expect(() => acquireDataDirLock(`${dir}${path.sep}.`)).toThrow(/already using/);
    release();
    acquireDataDirLock(dir)();
  });

  it('refuses a lock held by another live process', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile, String(holder.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(`Another portal process (pid ${holder.pid}) is using ${dir}`);
      expect(readFileSync(lockFile, 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockFile, String(gone));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file with its own pid that it does not hold (a restarted container is pid 1 again)', () => {
    writeFileSync(lockFile, String(process.pid));
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/already using/);
    release();
  });

  it('takes over an empty or unreadable lock file', () => {
    writeFileSync(lockFile, '');
    acquireDataDirLock(dir)();
    writeFileSync(lockFile, 'not a pid');
    acquireDataDirLock(dir)();
  });
});
