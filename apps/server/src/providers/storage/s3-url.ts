/** Where the object store is and how to sign in to it, as `S3_URL` gives it. */
export interface S3Location {
  /** `http(s)://host[:port]`: the S3-compatible server. */
  endpoint: string;
  bucket: string;
  region: string;
  /** Bucket in the path (`host/bucket/key`) rather than in the host name; true unless the URL says false. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const QUERY_KEYS = new Set(['region', 'forcePathStyle']);

/**
 * Reads `http(s)://ACCESS_KEY_ID:SECRET_ACCESS_KEY@host[:port]/bucket[?region=…&forcePathStyle=true|false]`.
 * Credentials are percent-decoded. Throws with what is wrong, never repeating the URL (it holds a secret).
 */
export function parseS3Url(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('must be a URL such as https://KEY_ID:SECRET@host/bucket');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('must start with http:// or https://');
  if (!url.username || !url.password) throw new Error('must name the access key id and secret before the host');
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  if (!BUCKET_NAME.test(bucket))
    throw new Error('must end with one bucket name (3 to 63 lowercase letters, digits, . or -)');
  if (url.hash) throw new Error('must not have a #fragment');
  for (const key of url.searchParams.keys()) {
    if (!QUERY_KEYS.has(key)) throw new Error(`has an unknown parameter ${key} (only region and forcePathStyle)`);
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new Error('region must be a region name such as us-east-1');
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new Error('forcePathStyle must be true or false');
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    throw new Error('has credentials that are not valid percent-encoding');
  }
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region,
    forcePathStyle: pathStyle === 'true',
    accessKeyId,
    secretAccessKey,
  };
}
