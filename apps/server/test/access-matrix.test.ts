import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInAdmin, setPolicy, useAuthApp } from './auth-helpers';
import { oneTestDatabase, type TestApp } from './helpers';
import { call, signedInParticipant } from './participant-helpers';
import { signedInStaff } from './staff-helpers';
import { DEMO } from './auth-helpers';

/**
 * Every route of the API called as every kind of caller. The callers: a study administrator; a coordinator of
 * Geisinger, once about a Geisinger participant (in scope) and once about a Riverside one (out of scope); help
 * desk; data analyst; auditor; a participant; nobody signed in. A route about one participant is called with the
 * in-scope participant by every caller but the out-of-scope column.
 */
const CALLERS = [
  'studyAdmin',
  'coordinatorIn',
  'coordinatorOut',
  'helpDesk',
  'analyst',
  'auditor',
  'patient',
  'nobody',
] as const;
type Caller = (typeof CALLERS)[number];
type Row = readonly [number, number, number, number, number, number, number, number];

/**
 * What each caller is answered, in the order of CALLERS: 401 with no session, 403 for a role without the
 * permission, 404 (or the call's own answer for an unknown participant) outside a coordinator's health systems, and
 * otherwise what the call answers to the request it is given (400 for a body or query it lacks).
 */
// prettier-ignore
const MATRIX: Record<string, Row> = {
  'POST /common-server/downtime': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/settings/reminder': [400, 403, 403, 403, 403, 400, 403, 401],
  'POST /common-server/settings/reminder': [400, 403, 403, 403, 403, 403, 403, 401],
  'DELETE /common-server/settings/reminder': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/setting/security-policy-config': [200, 403, 403, 403, 403, 200, 403, 401],
  'PUT /common-server/setting/security-policy-config': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/settings/changes': [400, 403, 403, 403, 403, 400, 403, 401],
  'GET /common-server/keycloak/user': [200, 200, 200, 200, 200, 200, 200, 401],
  'PUT /common-server/keycloak/user': [403, 403, 403, 403, 403, 403, 415, 401],
  'GET /common-server/keycloak/user/picture': [404, 404, 404, 404, 404, 404, 404, 401],
  'GET /common-server/communication-preferences/view': [403, 403, 403, 403, 403, 403, 200, 401],
  'PUT /common-server/communication-preferences/update': [403, 403, 403, 403, 403, 403, 400, 401],
  'PUT /common-server/update-password': [400, 400, 400, 400, 400, 400, 400, 401],
  'GET /common-server/signature/init': [403, 403, 403, 403, 403, 403, 200, 401],
  'GET /common-server/signature/ceremony/:formId': [403, 403, 403, 403, 403, 403, 404, 401],
  'GET /common-server/signature/ceremony/:formId/document': [403, 403, 403, 403, 403, 403, 404, 401],
  'POST /common-server/signature/code': [403, 403, 403, 403, 403, 403, 400, 401],
  'POST /common-server/signature/sign': [403, 403, 403, 403, 403, 403, 400, 401],
  'GET /common-server/signature': [403, 403, 403, 403, 403, 403, 200, 401],
  'GET /common-server/consent/view-consent': [403, 403, 403, 403, 403, 403, 200, 401],
  'GET /common-server/consent/signatures': [403, 403, 403, 403, 403, 403, 200, 401],
  'GET /common-server/consent/download-stream': [403, 403, 403, 403, 403, 403, 404, 401],
  'PUT /common-server/consent/withdraw': [403, 403, 403, 403, 403, 403, 400, 401],
  'GET /common-server/consent/integrity': [200, 403, 403, 403, 403, 200, 403, 401],
  'GET /common-server/survey/notification': [403, 403, 403, 403, 403, 403, 200, 401],
  'GET /common-server/survey/widget': [403, 403, 403, 403, 403, 403, 200, 401],
  'POST /common-server/survey/tour': [403, 403, 403, 403, 403, 403, 200, 401],
  'POST /common-server/survey/start': [403, 403, 403, 403, 403, 403, 400, 401],
  'GET /common-server/survey/response/:responseId': [403, 403, 403, 403, 403, 403, 403, 401],
  'PUT /common-server/survey/response/:responseId': [403, 403, 403, 403, 403, 403, 400, 401],
  'POST /common-server/survey/response/:responseId/submit': [403, 403, 403, 403, 403, 403, 400, 401],
  'GET /common-server/survey/config/period': [200, 403, 403, 403, 403, 200, 403, 401],
  'PUT /common-server/survey/config/period': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/survey/opened-users': [200, 200, 200, 403, 403, 200, 403, 401],
  'GET /common-server/survey/report/count': [200, 403, 403, 403, 200, 200, 403, 401],
  'GET /common-server/survey/report/completion': [200, 403, 403, 403, 200, 200, 403, 401],
  'POST /common-server/survey/one-time': [400, 403, 403, 403, 403, 403, 403, 401],
  'PUT /common-server/survey/one-time': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/survey/one-time/participants/check': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/survey/one-time': [200, 403, 403, 403, 403, 200, 403, 401],
  'GET /common-server/survey/one-time/detail': [400, 403, 403, 403, 403, 400, 403, 401],
  'GET /common-server/survey/one-time/users': [400, 403, 403, 403, 403, 400, 403, 401],
  'GET /common-server/survey/one-time/failure': [400, 403, 403, 403, 403, 400, 403, 401],
  'GET /common-server/survey/one-time/stats': [200, 403, 403, 403, 403, 200, 403, 401],
  'GET /common-server/dashboard': [200, 200, 200, 200, 200, 200, 200, 401],
  'GET /common-server/domo': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/consent/withdrawal-users': [200, 200, 200, 403, 403, 200, 403, 401],
  'GET /common-server/consent/withdrawal-users/summary': [200, 403, 403, 403, 200, 200, 403, 401],
  'GET /common-server/consent/manual-withdraw': [200, 200, 200, 403, 403, 200, 403, 401],
  'POST /common-server/consent/manual-withdraw': [400, 400, 400, 400, 403, 403, 403, 401],
  'DELETE /common-server/consent/manual-withdraw': [400, 400, 400, 403, 403, 403, 403, 401],
  'GET /common-server/email-analytics/summary': [400, 403, 403, 403, 400, 400, 403, 401],
  'GET /common-server/email-analytics/backlog': [200, 403, 403, 403, 200, 200, 403, 401],
  'GET /common-server/email-analytics/failures': [400, 403, 403, 403, 403, 400, 403, 401],
  'POST /common-server/email-analytics/failures/:id/retry': [404, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/email-analytics/suppressions': [200, 403, 403, 403, 403, 200, 403, 401],
  'POST /common-server/email-analytics/suppressions/:id/lift': [404, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/health-system-api-keys': [200, 403, 403, 403, 403, 200, 403, 401],
  'POST /common-server/health-system-api-keys': [400, 403, 403, 403, 403, 403, 403, 401],
  'DELETE /common-server/health-system-api-keys/:id': [404, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/health-system-verification': [200, 200, 200, 403, 403, 200, 403, 401],
  'GET /common-server/health-system-verification/health-systems': [200, 200, 200, 403, 403, 200, 403, 401],
  'PUT /common-server/health-system-verification': [200, 200, 409, 403, 403, 403, 403, 401],
  'POST /common-server/health-system-verification/not-exists': [200, 200, 200, 403, 403, 403, 403, 401],
  'GET /common-server/health-system-verification/batches': [200, 200, 200, 403, 403, 200, 403, 401],
  'GET /common-server/health-system-verification/batches/:id/result.csv': [404, 404, 404, 403, 403, 404, 403, 401],
  'POST /common-server/health-system-verification/batches/:id/undo': [404, 404, 404, 403, 403, 403, 403, 401],
  'PUT /common-server/update/consent-form': [400, 403, 403, 403, 403, 403, 403, 401],
  'PUT /common-server/update/consent-form/input-fields': [400, 403, 403, 403, 403, 403, 403, 401],
  'DELETE /common-server/consent-form': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/consent-form': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/consent/input-field': [400, 403, 403, 403, 403, 403, 403, 401],
  'PUT /common-server/consent/input-field': [400, 403, 403, 403, 403, 403, 403, 401],
  'DELETE /common-server/consent/input-field': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/health-system/validate/basic': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/health-system/validate/system': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/health-system/register': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/health-system': [400, 403, 403, 403, 403, 400, 403, 401],
  'GET /common-server/health-system/files': [400, 403, 403, 403, 403, 400, 403, 401],
  'GET /common-server/health-system/overview': [200, 403, 403, 403, 403, 200, 403, 401],
  'PUT /common-server/health-system/update': [400, 403, 403, 403, 403, 403, 403, 401],
  'PUT /common-server/update/basic-info': [400, 403, 403, 403, 403, 403, 403, 401],
  'PUT /common-server/update/system-info': [400, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/data-export/instruments': [200, 403, 403, 403, 200, 403, 403, 401],
  'GET /common-server/data-export/survey-answers': [400, 403, 403, 403, 400, 403, 403, 401],
  'GET /common-server/data-export/data-dictionary': [400, 403, 403, 403, 400, 403, 403, 401],
  'GET /common-server/data-export/consent-register': [200, 403, 403, 403, 200, 403, 403, 401],
  'GET /common-server/data-export/verification-register': [200, 403, 403, 403, 200, 403, 403, 401],
  'POST /common-server/data-export/runs': [400, 403, 403, 403, 400, 403, 403, 401],
  'GET /common-server/data-export/runs': [200, 403, 403, 403, 200, 403, 403, 401],
  'GET /common-server/data-export/runs/:id': [404, 403, 403, 403, 404, 403, 403, 401],
  'GET /common-server/data-export/runs/:id/archive': [404, 403, 403, 403, 404, 403, 403, 401],
  'POST /common-server/audit/log': [400, 403, 403, 403, 403, 400, 403, 401],
  'POST /common-server/audit/log/export': [400, 403, 403, 403, 403, 400, 403, 401],
  'GET /common-server/audit/participants/:id/timeline': [200, 403, 403, 403, 403, 200, 403, 401],
  'POST /common-server/staff/search': [200, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/staff/invitation': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/staff/:id/invitation/resend': [404, 403, 403, 403, 403, 403, 403, 401],
  'DELETE /common-server/staff/:id/invitation': [404, 403, 403, 403, 403, 403, 403, 401],
  'PUT /common-server/staff/:id': [400, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/staff/:id/deactivate': [404, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/staff/:id/reactivate': [404, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/staff/:id/factors/reset': [404, 403, 403, 403, 403, 403, 403, 401],
  'GET /common-server/staff-security': [200, 200, 200, 200, 200, 200, 403, 401],
  'POST /common-server/staff-security/app': [200, 200, 200, 200, 200, 200, 403, 401],
  'POST /common-server/staff-security/app/confirm': [400, 400, 400, 400, 400, 400, 403, 401],
  'POST /common-server/staff-security/passkeys/options': [200, 200, 200, 200, 200, 200, 403, 401],
  'POST /common-server/staff-security/passkeys': [400, 400, 400, 400, 400, 400, 403, 401],
  'DELETE /common-server/staff-security/factors/:id': [404, 404, 404, 404, 404, 404, 403, 401],
  'POST /common-server/staff-security/recovery-codes': [200, 200, 200, 200, 200, 200, 403, 401],
  'DELETE /common-server/staff-security/sessions/:id': [404, 404, 404, 404, 404, 404, 403, 401],
  'POST /common-server/staff-security/sessions/end-others': [200, 200, 200, 200, 200, 200, 403, 401],
  'POST /common-server/staff-security/step-up': [400, 400, 400, 400, 400, 400, 403, 401],
  'POST /common-server/staff-security/step-up/passkey/options': [200, 200, 200, 200, 200, 200, 403, 401],
  'POST /common-server/staff-security/step-up/passkey': [400, 400, 400, 400, 400, 400, 403, 401],
  'POST /common-server/participants/search': [200, 200, 200, 200, 403, 200, 403, 401],
  'GET /common-server/participants/:id': [200, 200, 404, 200, 403, 200, 403, 401],
  'GET /common-server/participants/:id/signed-copies/:signatureId': [404, 404, 404, 403, 403, 404, 403, 401],
  'POST /common-server/participants/:id/resend-activation': [409, 403, 403, 409, 403, 403, 403, 401],
  'POST /common-server/participants/:id/unlock': [409, 403, 403, 409, 403, 403, 403, 401],
  'GET /common-server/messages': [403, 403, 403, 403, 403, 403, 200, 401],
  'GET /common-server/messages/unread-count': [403, 403, 403, 403, 403, 403, 200, 401],
  'PUT /common-server/messages/:id/read': [403, 403, 403, 403, 403, 403, 404, 401],
  'GET /common-server/study-notices': [200, 403, 403, 403, 403, 200, 403, 401],
  'GET /common-server/study-notices/audiences': [200, 403, 403, 403, 403, 403, 403, 401],
  'POST /common-server/study-notices': [400, 403, 403, 403, 403, 403, 403, 401],
};

/** Calls anyone may make, or with a key of their own: no session is checked for them. */
const OPEN_ROUTES: string[] = [
  'GET /common-server/captcha/challenge',
  'GET /common-server/client-config',
  'GET /common-server/consent/supported-fields',
  'GET /common-server/downtime',
  'GET /common-server/externalization/consent/supported-fields',
  'GET /common-server/externalization/languages',
  'GET /common-server/externalization/password-policy',
  'GET /common-server/externalization/registration-dropdowns',
  'GET /common-server/health',
  'GET /common-server/health-system-api/participants',
  'GET /common-server/health/live',
  'GET /common-server/health/ready',
  'GET /common-server/mail-preferences/unsubscribe',
  'GET /common-server/registrationConfirm',
  'GET /common-server/resendActivationEmail',
  'GET /common-server/reset-password/init',
  'GET /common-server/verify-reset-password',
  'POST /common-server/health-system-api/verifications',
  'POST /common-server/login',
  'POST /common-server/login/enrolment/app',
  'POST /common-server/login/enrolment/app/confirm',
  'POST /common-server/login/enrolment/passkey',
  'POST /common-server/login/enrolment/passkey/options',
  'POST /common-server/login/otp',
  'POST /common-server/login/passkey',
  'POST /common-server/login/passkey/options',
  'POST /common-server/login/passkey/step-options',
  'POST /common-server/logout',
  'POST /common-server/mail-preferences/unsubscribe',
  'POST /common-server/mail-events/sendgrid',
  'POST /common-server/mail-events/ses',
  'POST /common-server/refresh-token',
  'POST /common-server/register',
  'POST /common-server/reset-password',
  'POST /common-server/staff-invitation/accept',
  'POST /common-server/staff-invitation/verify',
  'POST /common-server/validateCredentials',
];

interface Subjects {
  /** The participant the call is about: in the caller's scope, except for `coordinatorOut`. */
  participantId: string;
  participantEmail: string;
}

/** How a route is called when it is about one participant: the in-scope one, or the out-of-scope one. */
const REQUESTS: Record<string, (s: Subjects) => { path: string; payload?: unknown }> = {
  'POST /common-server/health-system-verification': (s) => ({
    path: '/health-system-verification',
    payload: { userIds: [s.participantId] },
  }),
  'PUT /common-server/health-system-verification': (s) => ({
    path: '/health-system-verification',
    payload: { userIds: [s.participantId], status: true },
  }),
  'POST /common-server/health-system-verification/not-exists': (s) => ({
    path: '/health-system-verification/not-exists',
    payload: { userIds: [s.participantId] },
  }),
  'GET /common-server/audit/participants/:id/timeline': (s) => ({
    path: `/audit/participants/${s.participantId}/timeline`,
  }),
  'POST /common-server/participants/search': (s) => ({
    path: '/participants/search',
    payload: { query: s.participantEmail },
  }),
  'GET /common-server/participants/:id': (s) => ({ path: `/participants/${s.participantId}` }),
  'GET /common-server/participants/:id/signed-copies/:signatureId': (s) => ({
    path: `/participants/${s.participantId}/signed-copies/${randomUUID()}`,
  }),
  'POST /common-server/participants/:id/resend-activation': (s) => ({
    path: `/participants/${s.participantId}/resend-activation`,
  }),
  'POST /common-server/participants/:id/unlock': (s) => ({ path: `/participants/${s.participantId}/unlock` }),
  'POST /common-server/staff/search': () => ({ path: '/staff/search', payload: {} }),
};

const pathFor = (route: string, subjects: Subjects) => {
  const [, path] = route.split(' ');
  const request = REQUESTS[route]?.(subjects);
  return request ?? { path: path!.replace('/common-server', '').replace(/:[A-Za-z]+/g, randomUUID()) };
};

describe('Who may make each call', () => {
  const target = oneTestDatabase();
  const testApp = useAuthApp(target);
  let routes: { method: string; url: string; access: string }[];
  beforeAll(() => {
    routes = testApp().app.routeAccess;
  });

  async function callers(t: TestApp) {
    await setPolicy(t, { otpEnabledForPatient: false });
    const inScope = { participantId: '', participantEmail: DEMO.email };
    const patient = await signIn(t, DEMO.email, DEMO.password);
    const outside = await signedInParticipant(t, { healthSystem: 'riverside', healthSystemConsent: true });
    const me = await call(t, 'GET', '/keycloak/user', patient.access_token);
    inScope.participantId = me.json().data.id;
    const tokens: Record<Caller, string | undefined> = {
      studyAdmin: (await signInAdmin(t)).access_token,
      coordinatorIn: (await signedInStaff(t, { role: 'coordinator', healthSystems: ['geisinger'] })).token,
      coordinatorOut: undefined,
      helpDesk: (await signedInStaff(t, { role: 'helpDesk' })).token,
      analyst: (await signedInStaff(t, { role: 'analyst' })).token,
      auditor: (await signedInStaff(t, { role: 'auditor' })).token,
      patient: patient.access_token,
      nobody: undefined,
    };
    tokens.coordinatorOut = tokens.coordinatorIn;
    const outOfScope = { participantId: outside.userId, participantEmail: outside.email };
    return { tokens, subjectsOf: (caller: Caller) => (caller === 'coordinatorOut' ? outOfScope : inScope) };
  }

  it('has a stated answer for every caller of every route that needs a session, and those answers', async () => {
    const t = testApp();
    const { tokens, subjectsOf } = await callers(t);
    const unstated: string[] = [];
    const wrong: string[] = [];
    for (const { method, url, access } of routes) {
      const route = `${method} ${url}`;
      if (access === 'public' || access === 'ownKey') continue;
      const answers: number[] = [];
      for (const caller of CALLERS) {
        const request = pathFor(route, subjectsOf(caller));
        const reply = await call(t, method as 'GET', request.path, tokens[caller], { payload: request.payload });
        answers.push(reply.statusCode);
      }
      const stated = MATRIX[route];
      if (!stated) unstated.push(`'${route}': [${answers.join(', ')}],`);
      else if (answers.join() !== stated.join()) wrong.push(`${route}: stated [${stated}], answered [${answers}]`);
    }
    expect(unstated, 'routes with no stated answers (answered now as shown)').toEqual([]);
    expect(wrong).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.some((r) => `${r.method} ${r.url}` === route))).toEqual([]);
  });

  it('lists every call that needs no session', () => {
    const open = routes
      .filter((r) => r.access === 'public' || r.access === 'ownKey')
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort());
  });
});
