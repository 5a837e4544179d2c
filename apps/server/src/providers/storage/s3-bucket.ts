import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DocumentStoreUnavailableError, type ObjectBucket } from './object-bucket';
import type { S3Location } from './s3-url';

/** Longest wait for the object store to accept a connection, and to answer a request. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 15_000;

async function attempt<T>(operation: 'put' | 'delete' | 'list', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new DocumentStoreUnavailableError(operation, error);
  }
}

/** The bucket of `S3_URL` through the AWS SDK (v3). */
export function s3Bucket(location: S3Location): ObjectBucket {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer checksum trailers.
    // The portal checks every object against its own SHA-256 when reading it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    maxAttempts: 2,
  });
  const Bucket = location.bucket;
  return {
    put: (key, bytes, contentType) =>
      attempt('put', async () => {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
      }),
    async get(key) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return reply.Body ? await reply.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw new DocumentStoreUnavailableError('get', error);
      }
    },
    delete: (key) =>
      attempt('delete', async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      }),
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await attempt('list', () =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })),
        );
        yield (page.Contents ?? []).map((item) => ({ key: item.Key!, lastModified: item.LastModified ?? new Date(0) }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close: () => client.destroy(),
  };
}
