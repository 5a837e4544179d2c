import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateTokenSigningKey } from '../../security/token-signing-key';
import { createTokenIssuer, type TokenSubject } from './tokens';

const ISSUER = 'https://portal.example.org';
const NOW = new Date('2026-03-01T12:00:30.700Z');
const IAT = Math.floor(NOW.getTime() / 1000);
const SUBJECT: TokenSubject = {
  userId: '0b6f1f5e-8a55-4d0e-9e37-0f2b8f0c6a11',
  sessionId: '4d1a3c9e-2b7f-4f61-8c0d-5e6f7a8b9c0d',
  email: 'maria@example.org',
  firstName: 'María',
  lastName: 'Demo',
  language: 'sp',
  role: 'patient',
  isConsentSigned: true,
};

describe('createTokenIssuer', () => {
  it('signs RS256 tokens byte for byte as jose’s SignJWT signs the same header and claims', async () => {
    const { key } = await generateTokenSigningKey();
    const token = await createTokenIssuer(key, ISSUER).issueAccessToken(SUBJECT, NOW);

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT', kid: key.kid });
    const claims = decodeJwt(token);
    expect(claims).toEqual({
      typ: 'Bearer',
      sid: SUBJECT.sessionId,
      email: SUBJECT.email,
      name: 'María Demo',
      given_name: 'María',
      family_name: 'Demo',
      isConsentSigned: true,
      language: 'sp',
      azp: 'kidney-study-portal',
      realm_access: { roles: ['patient'] },
      sub: SUBJECT.userId,
      iss: ISSUER,
      iat: IAT,
      exp: IAT + 300,
      jti: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });

    // RSASSA-PKCS1-v1_5 is deterministic: the same input under the same key gives the same signature.
    const { sub, iss, iat, exp, jti, ...rest } = claims;
    const viaJose = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid })
      .setSubject(sub!)
      .setIssuer(iss!)
      .setIssuedAt(iat!)
      .setExpirationTime(exp!)
      .setJti(jti!)
      .sign(key.privateKey);
    expect(token).toBe(viaJose);

    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: ['RS256'],
      issuer: ISSUER,
      currentDate: NOW,
    });
    expect(payload.sub).toBe(SUBJECT.userId);
  });

  it('verifies its own tokens, with a fresh jti each, and refuses them under another key', async () => {
    const { key } = await generateTokenSigningKey();
    const { key: other } = await generateTokenSigningKey();
    const issuer = createTokenIssuer(key, ISSUER);
    const first = await issuer.issueAccessToken(SUBJECT, NOW);
    const second = await issuer.issueAccessToken(SUBJECT, NOW);
    expect(decodeJwt(first).jti).not.toBe(decodeJwt(second).jti);
    expect(await issuer.verifyAccessToken(first, NOW)).toEqual({
      userId: SUBJECT.userId,
      sessionId: SUBJECT.sessionId,
      role: 'patient',
    });
    expect(await createTokenIssuer(other, ISSUER).verifyAccessToken(first, NOW)).toBeUndefined();
  });

  it('refuses a signing key that jose would not sign RS256 with', async () => {
    const { key } = await generateTokenSigningKey();
    const publicOnly = createPublicKey(key.signingKey);
    expect(() => createTokenIssuer({ ...key, signingKey: publicOnly }, ISSUER)).toThrow(/private RSA key/);
    const { privateKey: short } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => createTokenIssuer({ ...key, signingKey: short }, ISSUER)).toThrow(/2048 bits/);
  });
});
