import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const preload = path.join(root, 'scripts/preload-thread-pool.cjs');
const { threadPoolSize } = createRequire(import.meta.url)(path.join(root, 'scripts/thread-pool-size.cjs')) as {
  threadPoolSize: (cores: number) => number;
};

// An ES module, as `npm start` runs: it reads a file (so the pool has started) and prints the pool's setting and
// the process's thread count.
const dir = mkdtempSync(path.join(tmpdir(), 'thread-pool-'));
const probe = path.join(dir, 'probe.mjs');
writeFileSync(
  probe,
  `import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
await readFile(${JSON.stringify(probe)});
console.log(JSON.stringify({ size: process.env.UV_THREADPOOL_SIZE ?? null, threads: readdirSync('/proc/self/task').length }));`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startProbe(env: Record<string, string>) {
  const { stdout } = await run(process.execPath, ['--require', preload, probe], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(stdout) as { size: string | null; threads: number };
}

describe("libuv's thread pool, which runs the password hashes", () => {
  it('gets as many threads as cores, at least 2 and at most 4', () => {
    expect(threadPoolSize(1)).toBe(2);
    expect(threadPoolSize(2)).toBe(2);
    expect(threadPoolSize(3)).toBe(3);
    expect(threadPoolSize(4)).toBe(4);
    expect(threadPoolSize(8)).toBe(4);
    expect(threadPoolSize(64)).toBe(4);
  });

  it.runIf(process.platform === 'linux')(
    'is sized by the preload before the first ES module starts the pool, and keeps a size the operator set',
    async () => {
      const chosen = await startProbe({});
      expect(chosen.size).toBe(String(threadPoolSize(availableParallelism())));
      const operators = await startProbe({ UV_THREADPOOL_SIZE: '7' });
      expect(operators.size).toBe('7');
      // Same process otherwise: the difference in threads is the difference in the pool's size.
      expect(operators.threads - chosen.threads).toBe(7 - Number(chosen.size));
    },
  );
});
