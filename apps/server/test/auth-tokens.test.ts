import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { expect, it } from 'vitest';
import { describeOnDatabase, testTokenSigningKey, type TestApp } from './helpers';
import { ADMIN, DEMO, me, MINUTE_MS, setPolicy, signIn, signInAdmin, UNAUTHORIZED, useAuthApp } from './auth-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims of a real token with some changed, signed again (by default with the portal's own key). */
async function forge(token: string, change: { key?: CryptoKey; claims?: object } = {}) {
  const claims = { ...decodeJwt(token), ...change.claims };
  const key = change.key ?? (await testTokenSigningKey()).privateKey;
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(key);
}

/** The claims of a real token with some changed, keeping the header and the (now wrong) signature. */
function tamper(token: string, claims: object) {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url({ ...decodeJwt(token), ...claims })}.${signature}`;
}

describeOnDatabase('access tokens and GET /keycloak/user', (target) => {
  const testApp = useAuthApp(target);

  /** The claims every access token of the portal carries. */
  const expectClaims = (t: TestApp, token: string, person: object, roles: string[]) => {
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    expect(claims).toMatchObject({
      sub: expect.stringMatching(UUID),
      ...person,
      isConsentSigned: false,
      exp: iat + 300,
      iat,
      azp: 'kidney-study-portal',
      realm_access: { roles },
    });
  };

  it('signs the administrator’s token with RS256 and the claims of the contract', async () => {
    const t = testApp();
    const { access_token } = await signInAdmin(t);
    const person = { email: ADMIN.email, given_name: 'Study', family_name: 'Administrator', language: 'en' };
    // A staff member's token carries the realm role admin and their staff role.
    expectClaims(t, access_token, { ...person, name: 'Study Administrator' }, ['admin', 'studyAdmin']);
    expect((await me(t, access_token)).json()).toMatchObject({
      status: true,
      data: { email: ADMIN.email, isPatient: false },
    });
  });

  it('gives a patient a token in their language and their details with an MM/DD/YYYY birth date', async () => {
    const t = testApp();
    await setPolicy(t, { otpEnabledForPatient: false });
    const { access_token } = await signIn(t, DEMO.email, DEMO.password);
    const person = { email: DEMO.email, name: 'Maria Demo', given_name: 'Maria', family_name: 'Demo', language: 'sp' };
    expectClaims(t, access_token, person, ['patient']);
    const reply = await me(t, access_token);
    expect(reply.json()).toEqual({
      status: true,
      data: {
        id: decodeJwt(access_token).sub,
        firstName: 'Maria',
        lastName: 'Demo',
        email: DEMO.email,
        language: 'sp',
        birthDate: '04/12/1961',
        gender: 'female',
        profilePicture: null,
        phoneNumber: null,
        zipCode: '60601',
        isPatient: true,
        isPractitioner: false,
      },
    });
  });

  it('refuses a missing, malformed, foreign, unsigned, wrongly typed or expired token with 401', async () => {
    const t = testApp();
    const { access_token } = await signInAdmin(t);
    // The same claims signed again with the portal's key pass: each forgery below differs in one thing.
    expect((await me(t, await forge(access_token))).statusCode).toBe(200);

    const now = Math.floor(t.clock.now().getTime() / 1000);
    const refused = {
      'no token': undefined,
      garbage: 'garbage',
      'another key': await forge(access_token, { key: (await generateKeyPair('RS256')).privateKey }),
      'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${access_token.split('.')[1]}.`,
      'changed claims': tamper(access_token, { sub: '00000000-0000-4000-8000-000000000000' }),
      'typ not Bearer': await forge(access_token, { claims: { typ: 'Refresh' } }),
      'another issuer': await forge(access_token, { claims: { iss: 'https://elsewhere.example.org' } }),
      'past exp': await forge(access_token, { claims: { exp: now - 1 } }),
    };
    for (const [what, token] of Object.entries(refused)) {
      const reply = await me(t, token);
      expect(reply.statusCode, what).toBe(401);
      expect(reply.json(), what).toEqual(UNAUTHORIZED);
    }
    expect((await me(t, access_token)).statusCode).toBe(200);
  });

  it('refuses a token once its five minutes are over', async () => {
    const t = testApp();
    const { access_token } = await signInAdmin(t);
    t.clock.advance(5 * MINUTE_MS - 1000);
    expect((await me(t, access_token)).statusCode).toBe(200);
    t.clock.advance(1000);
    const reply = await me(t, access_token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(UNAUTHORIZED);
  });
});
