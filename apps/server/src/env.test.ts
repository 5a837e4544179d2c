import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productionProblems, productionWarnings, readEnv } from './env';

/** The development key the README publishes. */
const DEVELOPMENT_KEY = 'a2lkbmV5LXN0dWR5LXBvcnRhbC1kZXYta2V5LTIwMjY=';

function configurationError(source: NodeJS.ProcessEnv): string {
  try {
    readEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('Expected readEnv to refuse the configuration');
}

describe('readEnv', () => {
  it('has the documented defaults', () => {
    expect(readEnv({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:8080',
      MAIL_FROM: 'Kidney Research Study <no-reply@localhost>',
      MAIL_PACE_PER_MINUTE: { perKey: { microsoft: 60, yahoo: 60, google: 300 }, other: 600 },
      ADMIN_EMAIL: 'admin@example.org',
      SEED_DEMO: true,
      CAPTCHA_ENABLED: true,
      PAYLOAD_KEY: DEVELOPMENT_KEY,
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: 1,
      TRUST_PROXY: false,
      STUDY_TIME_ZONE: 'America/Chicago',
      REMINDER_SEND_HOURS: { from: 9, to: 19 },
      WITHDRAWAL_REQUEST_HOLD_S: 3600,
      SCHEDULER_INTERVAL_S: 60,
      STEP_UP_WINDOW_S: 300,
    });
    expect(Buffer.from(DEVELOPMENT_KEY, 'base64')).toHaveLength(32);
  });

  it('reads the study time zone and the hours reminders are sent in, and refuses wrong ones', () => {
    expect(readEnv({ STUDY_TIME_ZONE: 'America/New_York', REMINDER_SEND_HOURS: '0-24' })).toMatchObject({
      STUDY_TIME_ZONE: 'America/New_York',
      REMINDER_SEND_HOURS: { from: 0, to: 24 },
    });
    expect(() => readEnv({ STUDY_TIME_ZONE: 'Mars/Olympus' })).toThrow(/STUDY_TIME_ZONE: must be an IANA time zone/);
    expect(() => readEnv({ REMINDER_SEND_HOURS: '19-9' })).toThrow(/REMINDER_SEND_HOURS: the first hour/);
    expect(() => readEnv({ REMINDER_SEND_HOURS: 'noon' })).toThrow(/REMINDER_SEND_HOURS: must be two hours/);
  });

  it('reads the hold of manual withdrawal requests in whole seconds, from none to 30 days', () => {
    expect(readEnv({ WITHDRAWAL_REQUEST_HOLD_S: '20' }).WITHDRAWAL_REQUEST_HOLD_S).toBe(20);
    expect(readEnv({ WITHDRAWAL_REQUEST_HOLD_S: '0' }).WITHDRAWAL_REQUEST_HOLD_S).toBe(0);
    expect(readEnv({ WITHDRAWAL_REQUEST_HOLD_S: '2592000' }).WITHDRAWAL_REQUEST_HOLD_S).toBe(2_592_000);
    for (const wrong of ['-1', '1.5', 'an hour', '2592001'])
      expect(() => readEnv({ WITHDRAWAL_REQUEST_HOLD_S: wrong })).toThrow(/WITHDRAWAL_REQUEST_HOLD_S/);
  });

  it('reads the seconds between runs of the scheduled jobs, from 5 to 60', () => {
    expect(readEnv({ SCHEDULER_INTERVAL_S: '5' }).SCHEDULER_INTERVAL_S).toBe(5);
    expect(readEnv({ SCHEDULER_INTERVAL_S: '60' }).SCHEDULER_INTERVAL_S).toBe(60);
    for (const wrong of ['4', '61', '0', '2.5', 'a minute'])
      expect(() => readEnv({ SCHEDULER_INTERVAL_S: wrong })).toThrow(/SCHEDULER_INTERVAL_S/);
  });

  it('reads the first administrator’s app secret: base32 of at least 160 bits, spaces and case as typed', () => {
    expect(readEnv({}).ADMIN_TOTP_SECRET).toBeUndefined();
    expect(readEnv({ ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).ADMIN_TOTP_SECRET).toBe(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    // As an app shows it: groups of four, lower case.
    expect(readEnv({ ADMIN_TOTP_SECRET: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp' }).ADMIN_TOTP_SECRET).toBe(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    const refusal = 'ADMIN_TOTP_SECRET: must be base32 (RFC 4648) of at least 160 bits: 32 characters';
    // 0, 1, 8 and 9 are not base32; 31 characters are 155 bits, 16 are 80.
    for (const wrong of [
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PX1',
      '0BSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      'JBSWY3DPEHPK3PXP-JBSWY3DPEHPK3PXP',
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PX',
      'JBSWY3DPEHPK3PXP',
    ]) {
      const message = configurationError({ ADMIN_TOTP_SECRET: wrong });
      expect(message, wrong).toMatch(/^Invalid configuration:/);
      expect(message, wrong).toContain(refusal);
      expect(message, wrong).not.toContain(wrong);
    }
  });

  it('reads how long a second factor covers dangerous actions: 1 to 300 seconds, 300 unless set', () => {
    expect(readEnv({ STEP_UP_WINDOW_S: '1' }).STEP_UP_WINDOW_S).toBe(1);
    expect(readEnv({ STEP_UP_WINDOW_S: '300' }).STEP_UP_WINDOW_S).toBe(300);
    for (const wrong of ['0', '301', '2.5', 'five minutes'])
      expect(() => readEnv({ STEP_UP_WINDOW_S: wrong })).toThrow(/STEP_UP_WINDOW_S/);
  });

  it('reads a metrics token of at least 32 printable characters, and refuses a short one or one with a space', () => {
    const token = 'm'.repeat(32);
    expect(readEnv({ METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    expect(readEnv({}).METRICS_TOKEN).toBeUndefined();
    for (const wrong of ['m'.repeat(31), `${'m'.repeat(20)} ${'m'.repeat(20)}`, `${'m'.repeat(32)}é`])
      expect(() => readEnv({ METRICS_TOKEN: wrong })).toThrow(/METRICS_TOKEN: must be at least 32 printable ASCII/);
  });

  it('reads S3_URL: path-style in us-east-1 by default, credentials percent-decoded', () => {
    expect(readEnv({}).S3_URL).toBeUndefined();
    expect(readEnv({ S3_URL: 'http://KEY%2FID:se%40cr%2Bet@127.0.0.1:9000/study-documents' }).S3_URL).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'study-documents',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'KEY/ID',
      secretAccessKey: 'se@cr+et',
    });
    expect(
      readEnv({
        S3_URL: 'https://id:secret@s3.eu-west-3.amazonaws.com/portal.docs?region=eu-west-3&forcePathStyle=false',
      }).S3_URL,
    ).toMatchObject({ endpoint: 'https://s3.eu-west-3.amazonaws.com', region: 'eu-west-3', forcePathStyle: false });
  });

  it('refuses a malformed S3_URL at start, saying what is wrong and never repeating the secret', () => {
    const refusals: [string, string][] = [
      ['s3.example.org/bucket', 'S3_URL: must be a URL such as https://KEY_ID:SECRET@host/bucket'],
      ['ftp://id:topsecret@host/bucket', 'S3_URL: must start with http:// or https://'],
      ['https://host/bucket', 'S3_URL: must name the access key id and secret before the host'],
      ['https://id@host/bucket', 'S3_URL: must name the access key id and secret before the host'],
      ['https://id:topsecret@host/', 'S3_URL: must end with one bucket name'],
      ['https://id:topsecret@host/a/b', 'S3_URL: must end with one bucket name'],
      ['https://id:topsecret@host/Bucket', 'S3_URL: must end with one bucket name'],
      ['https://id:topsecret@host/bucket?acl=1', 'S3_URL: has an unknown parameter acl'],
      ['https://id:topsecret@host/bucket?forcePathStyle=yes', 'S3_URL: forcePathStyle must be true or false'],
      ['https://id:topsecret@host/bucket?region=EU%20West', 'S3_URL: region must be a region name'],
      ['https://id:top%E0secret@host/bucket', 'S3_URL: has credentials that are not valid percent-encoding'],
    ];
    for (const [url, message] of refusals) {
      const error = configurationError({ S3_URL: url });
      expect(error).toContain(message);
      expect(error).not.toContain('topsecret');
    }
  });

  it('derives PUBLIC_URL from PORT unless it is given', () => {
    expect(readEnv({ PORT: '9123' }).PUBLIC_URL).toBe('http://localhost:9123');
    expect(readEnv({ PORT: '9123', PUBLIC_URL: 'https://portal.example.org' }).PUBLIC_URL).toBe(
      'https://portal.example.org',
    );
  });

  it('treats empty values as unset', () => {
    expect(readEnv({ PORT: '', DATABASE_URL: '', PAYLOAD_KEY: '', SEED_DEMO: '' })).toEqual(readEnv({}));
  });

  it('reads flags, numbers and a postgres DATABASE_URL', () => {
    const env = readEnv({
      SEED_DEMO: 'false',
      CAPTCHA_ENABLED: '0',
      TRUST_PROXY: '1',
      RATE_LIMIT_FACTOR: '0.5',
      PORT: '0',
      DATABASE_URL: 'postgresql://user:secret@db.internal:5432/portal',
    });
    expect(env).toMatchObject({
      SEED_DEMO: false,
      CAPTCHA_ENABLED: false,
      TRUST_PROXY: true,
      RATE_LIMIT_FACTOR: 0.5,
      PORT: 0,
      DATABASE_URL: 'postgresql://user:secret@db.internal:5432/portal',
    });
    expect(readEnv({ DATABASE_URL: 'postgres://localhost/portal' }).DATABASE_URL).toBe('postgres://localhost/portal');
  });

  it('accepts any 32-byte base64 PAYLOAD_KEY', () => {
    const key = randomBytes(32);
    expect(readEnv({ PAYLOAD_KEY: key.toString('base64') }).PAYLOAD_KEY).toBe(key.toString('base64'));
    expect(readEnv({ PAYLOAD_KEY: key.toString('base64url') }).PAYLOAD_KEY).toBe(key.toString('base64url'));
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(48).toString('base64')],
    ['not base64', 'this is not a base64 key, just words.......'],
    ['a valid key with stray characters', `***${DEVELOPMENT_KEY}`],
  ])('refuses a PAYLOAD_KEY that is %s, with a readable message', (_case, key) => {
    const message = configurationError({ PAYLOAD_KEY: key });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PAYLOAD_KEY: must be 32 bytes, base64-encoded');
  });

  it('refuses a DATABASE_URL that is not a postgres URL, with a readable message', () => {
    for (const url of ['mysql://localhost/portal', 'sqlite:./data/portal.db', 'localhost:5432']) {
      const message = configurationError({ DATABASE_URL: url });
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    }
  });

  it('lists every problem at once', () => {
    const message = configurationError({ PORT: '70000', LOG_LEVEL: 'loud', SEED_DEMO: 'yes' });
    expect(message).toContain('PORT:');
    expect(message).toContain('LOG_LEVEL:');
    expect(message).toContain('SEED_DEMO:');
  });

  describe('DKIM and the mail providers’ keys', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    const dkim = { DKIM_DOMAIN: 'study.example.org', DKIM_SELECTOR: 'portal2026', DKIM_PRIVATE_KEY: pem };

    it('reads the three DKIM variables together, the key as a PEM or with its breaks written as \\n', () => {
      expect(readEnv(dkim)).toMatchObject({ ...dkim, DKIM_PRIVATE_KEY: pem });
      const escaped = pem.trim().replace(/\n/g, '\\n');
      expect(escaped).not.toContain('\n');
      expect(readEnv({ ...dkim, DKIM_PRIVATE_KEY: escaped }).DKIM_PRIVATE_KEY).toBe(pem);
    });

    it('refuses part of the DKIM variables at start, naming what is missing', () => {
      expect(configurationError({ DKIM_DOMAIN: 'study.example.org' }).split('\n')).toEqual([
        'Invalid configuration:',
        '  DKIM_SELECTOR: is missing: DKIM needs DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY together (DKIM_DOMAIN set)',
        '  DKIM_PRIVATE_KEY: is missing: DKIM needs DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY together (DKIM_DOMAIN set)',
      ]);
      expect(configurationError({ ...dkim, DKIM_SELECTOR: '' })).toContain('DKIM_SELECTOR: is missing');
    });

    it('refuses a DKIM key that does not parse, a domain or selector that is not one, naming the variable', () => {
      const notAKey = '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----';
      expect(configurationError({ ...dkim, DKIM_PRIVATE_KEY: notAKey })).toBe(
        'Invalid configuration:\n  DKIM_PRIVATE_KEY: is not a PEM private key that can be read (-----BEGIN PRIVATE KEY----- …)',
      );
      const publicPem = rsa.publicKey.export({ format: 'pem', type: 'spki' }) as string;
      expect(configurationError({ ...dkim, DKIM_PRIVATE_KEY: publicPem })).toContain('DKIM_PRIVATE_KEY: is not a PEM');
      expect(configurationError({ ...dkim, DKIM_DOMAIN: 'https://study.example.org' })).toContain(
        'DKIM_DOMAIN: must be a domain name such as study.example.org',
      );
      expect(configurationError({ ...dkim, DKIM_SELECTOR: 'portal 2026' })).toContain(
        'DKIM_SELECTOR: must be a DNS label such as portal2026',
      );
    });

    it('reads SendGrid’s verification key as SendGrid shows it or as a PEM, and an SNS topic ARN', () => {
      const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey;
      const base64 = ec.export({ format: 'der', type: 'spki' }).toString('base64');
      const ecPem = ec.export({ format: 'pem', type: 'spki' }) as string;
      expect(readEnv({ SENDGRID_WEBHOOK_PUBLIC_KEY: base64 }).SENDGRID_WEBHOOK_PUBLIC_KEY).toBe(base64);
      expect(readEnv({ SENDGRID_WEBHOOK_PUBLIC_KEY: ecPem }).SENDGRID_WEBHOOK_PUBLIC_KEY).toBe(ecPem);
      const rsaBase64 = rsa.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
      for (const key of ['bm90IGEga2V5', rsaBase64])
        expect(configurationError({ SENDGRID_WEBHOOK_PUBLIC_KEY: key })).toBe(
          'Invalid configuration:\n  SENDGRID_WEBHOOK_PUBLIC_KEY: is not an ECDSA P-256 public key (base64 as SendGrid shows it, or a PEM)',
        );
      const arn = 'arn:aws:sns:us-east-1:123456789012:portal-ses-events';
      expect(readEnv({ SES_SNS_TOPIC_ARN: arn }).SES_SNS_TOPIC_ARN).toBe(arn);
      expect(configurationError({ SES_SNS_TOPIC_ARN: 'portal-ses-events' })).toContain(
        'SES_SNS_TOPIC_ARN: must be an SNS topic ARN',
      );
    });
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      PAYLOAD_KEY: 'c2VjcmV0LWtleS1vZi1hLXJlYWwtZGVwbG95bWVudCE=',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://portal.example.org',
      SMTP_URL: 'smtps://portal:secret@mail.example.org:465',
    };

    it('starts with a key of its own, no demo content, an https address and a mail server', () => {
      expect(productionProblems(readEnv(production))).toEqual([]);
      expect(readEnv(production)).toMatchObject({ NODE_ENV: 'production', SEED_DEMO: false });
    });

    it('refuses the development defaults, naming every broken rule at once, one line each', () => {
      expect(configurationError({ NODE_ENV: 'production' }).split('\n')).toEqual([
        'Refusing to start in production: PAYLOAD_KEY is the public development key; set a secret one (openssl rand -base64 32)',
        'Refusing to start in production: SEED_DEMO would create demo content; set SEED_DEMO=false',
        "Refusing to start in production: PUBLIC_URL http://localhost:8080 is not https; set it to the portal's https:// address",
        'Refusing to start in production: SMTP_URL is not set, so e-mails with sign-in codes would go to the log; set the mail server',
      ]);
    });

    it.each([
      [
        { PAYLOAD_KEY: DEVELOPMENT_KEY },
        'PAYLOAD_KEY is the public development key; set a secret one (openssl rand -base64 32)',
      ],
      [{ SEED_DEMO: 'true' }, 'SEED_DEMO would create demo content; set SEED_DEMO=false'],
      [
        { PUBLIC_URL: 'http://portal.example.org' },
        "PUBLIC_URL http://portal.example.org is not https; set it to the portal's https:// address",
      ],
      [
        { SMTP_URL: undefined },
        'SMTP_URL is not set, so e-mails with sign-in codes would go to the log; set the mail server',
      ],
    ])('refuses %o alone', (change, problem) => {
      expect(configurationError({ ...production, ...change })).toBe(`Refusing to start in production: ${problem}`);
    });

    it('warns, without refusing, when mail leaves without a DKIM signature', () => {
      expect(productionWarnings(readEnv(production))).toEqual([
        'DKIM is not set (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): e-mail leaves unsigned and mail providers may refuse it or file it as spam; see the deployment guide',
      ]);
      const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
        format: 'pem',
        type: 'pkcs8',
      });
      const signed = {
        ...production,
        DKIM_DOMAIN: 'study.example.org',
        DKIM_SELECTOR: 's1',
        DKIM_PRIVATE_KEY: `${pem}`,
      };
      expect(productionWarnings(readEnv(signed))).toEqual([]);
      expect(productionWarnings(readEnv({}))).toEqual([]);
    });

    it('changes nothing outside production', () => {
      for (const NODE_ENV of ['development', 'test']) expect(productionProblems(readEnv({ NODE_ENV }))).toEqual([]);
      expect(readEnv({ NODE_ENV: 'development' }).PAYLOAD_KEY).toBe(DEVELOPMENT_KEY);
    });
  });
});
