import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import {
  activeParticipant,
  auditSince,
  codesSentTo,
  login,
  logout,
  otherThan,
  PATIENT_PASSWORD,
  refresh,
  setPolicy,
  signIn,
  startCodeLogin,
  submitCode,
  useAuthApp,
  WRONG_PASSWORD,
} from './auth-helpers';

describeOnDatabase('the audit trail of signing in', (target) => {
  const testApp = useAuthApp(target);

  it('records sign-ins, failures, codes, locks, refresh reuse and logout, without a password, code or token', async () => {
    const t = testApp();
    const since = t.clock.now();
    await setPolicy(t, { failedAttemptLimit: 3 });
    const email = await activeParticipant(t);
    await login(t, 'nobody@example.org', 'Unknown#Pass1');
    await login(t, email, WRONG_PASSWORD);
    const attempt = await startCodeLogin(t, email);
    await submitCode(t, { otp: otherThan(attempt.code) }, attempt.cookies);
    await submitCode(t, { otp: otherThan(otherThan(attempt.code)) }, attempt.cookies);
    t.clock.advance(15 * 60_000);

    const tokens = await signIn(t, email);
    const rotated = (await refresh(t, tokens.refresh_token)).json().data;
    await refresh(t, tokens.refresh_token);
    const again = await signIn(t, email);
    await logout(t, { bearer: again.access_token, body: { refresh_token: again.refresh_token } });

    const rows = await auditSince(t, since);
    const actions = rows.map((row) => row.action);
    for (const action of [
      'login.failed',
      'login.locked',
      'login.codeSent',
      'login.succeeded',
      'session.refreshReuse',
      'logout',
    ]) {
      expect(actions).toContain(action);
    }
    expect(actions.filter((action) => action === 'login.failed')).toHaveLength(4);

    const written = JSON.stringify(rows);
    const secrets = [WRONG_PASSWORD, 'Unknown#Pass1', PATIENT_PASSWORD, ...Object.values(attempt.cookies)];
    for (const pair of [tokens, rotated, again]) secrets.push(pair.access_token, pair.refresh_token);
    for (const secret of secrets) expect(written).not.toContain(secret);
    const codes = await codesSentTo(t, email);
    expect(codes).toHaveLength(3);
    // A code standing alone, not a run of digits inside an id or a time.
    for (const code of codes) expect(written).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`));
  });
});
