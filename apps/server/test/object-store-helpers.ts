import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { ObjectBucket } from '../src/providers/storage/object-bucket';
import { s3Bucket } from '../src/providers/storage/s3-bucket';
import { parseS3Url } from '../src/providers/storage/s3-url';
import { buildTestApp, type TestApp, type TestDatabaseTarget } from './helpers';

/** The bucket every test object store has, and s3rver's fixed credentials. */
export const TEST_BUCKET = 'study-documents';
const CREDENTIALS = 'S3RVER:S3RVER';

export interface TestObjectStore {
  /** `S3_URL` of the store. */
  url: string;
  /** A client of the bucket, for looking at or tampering with objects below the portal. */
  bucket: ObjectBucket;
}

/** The S3_URL of a port nothing listens on: a bucket that is down. */
export async function unreachableS3Url(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://${CREDENTIALS}@127.0.0.1:${port}/${TEST_BUCKET}`;
}

/**
 * An S3-compatible server (s3rver) for the enclosing describe block, on a free port chosen at run time, keeping
 * its objects in a temporary directory removed afterwards.
 */
export function useObjectStore(): () => TestObjectStore {
  let server: S3rver | undefined;
  let directory: string | undefined;
  let current: TestObjectStore | undefined;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET }],
    });
    const { port } = await server.run();
    const url = `http://${CREDENTIALS}@127.0.0.1:${port}/${TEST_BUCKET}`;
    current = { url, bucket: s3Bucket(parseS3Url(url)) };
  });
  afterAll(async () => {
    current?.bucket.close();
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });
  return () => {
    if (!current) throw new Error('The object store is not started yet (use it inside a test or hook).');
    return current;
  };
}

/** Every key in the bucket under a prefix, sorted. */
export async function objectKeys(bucket: ObjectBucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of bucket.list(prefix)) keys.push(...page.map((object) => object.key));
  return keys.sort();
}

/** The whole portal (with registration's captcha off) keeping its documents in the bucket at `url()`. */
export function useAppWithBucket(target: TestDatabaseTarget, url: () => string | Promise<string>): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(target, { env: { CAPTCHA_ENABLED: 'false', S3_URL: await url() } });
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('The test app is not built yet (use it inside a test or hook).');
    return current;
  };
}
