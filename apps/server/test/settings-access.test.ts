import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { expectAdminOnly, SEEDED_POLICY, type Method } from './settings-helpers';

const ID = '0b5c3f0e-3d7a-4c1e-9a53-2f1f6f0d8e11';
const CALLS: [Method, string, unknown?][] = [
  ['GET', '/settings/reminder?type=ICF'],
  ['POST', '/settings/reminder?type=ICF', { reminders: [{ days: 3 }] }],
  ['DELETE', `/settings/reminder?type=ICF&id=${ID}`],
  ['GET', '/setting/security-policy-config'],
  ['PUT', '/setting/security-policy-config', SEEDED_POLICY],
  ['GET', '/settings/changes?setting=security-policy'],
];

describeOnDatabase('System Options calls are for administrators only', (target) => {
  const testApp = useAuthApp(target);

  it('answers 401 without a token and 403 to a participant, in the envelope, changing nothing', async () => {
    const t = testApp();
    const patient = await signedInParticipant(t);
    await expectAdminOnly(t, patient.tokens.access_token, CALLS);
    const spanish = await call(t, 'GET', '/setting/security-policy-config', patient.tokens.access_token, {
      language: 'sp',
    });
    expect(spanish.json()).toEqual({ status: false, message: 'No tiene acceso a esta página.' });
  });

  it('documents each call in the OpenAPI page, with its query parameters', async () => {
    const reply = await testApp().app.inject({ method: 'GET', url: '/common-server/docs/json' });
    const { paths } = reply.json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>();
    const parameters = (path: string, method: string) =>
      paths[`/common-server${path}`]?.[method]?.parameters?.map((p) => p.name).sort();
    expect(parameters('/settings/reminder', 'get')).toEqual(['type']);
    expect(parameters('/settings/reminder', 'post')).toEqual(['type']);
    expect(parameters('/settings/reminder', 'delete')).toEqual(['id', 'type', 'version']);
    expect(Object.keys(paths['/common-server/setting/security-policy-config'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(parameters('/settings/changes', 'get')).toEqual(['page', 'setting', 'size', 'sort']);
  });
});
