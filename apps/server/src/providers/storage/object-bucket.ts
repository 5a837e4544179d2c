/**
 * The object store did not answer or refused: nothing can be stored or read there now. Answered as 503 with
 * `messageKey` (catalog); its cause is logged, never shown.
 */
export class DocumentStoreUnavailableError extends Error {
  readonly statusCode = 503;
  readonly messageKey: string;
  constructor(operation: 'put' | 'get' | 'delete' | 'list', cause: unknown) {
    super(`the object store refused or did not answer (${operation})`, { cause });
    this.name = 'DocumentStoreUnavailableError';
    this.messageKey = operation === 'put' ? 'error.documents.notStored' : 'error.documents.notRead';
  }
}

/** An object of the bucket, as a listing shows it. */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

/** The few things the portal asks of an S3-compatible bucket. Every failure is a DocumentStoreUnavailableError. */
export interface ObjectBucket {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes; undefined when there is no such object. */
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, a page at a time. */
  list(prefix: string): AsyncGenerator<ListedObject[]>;
  close(): void;
}
