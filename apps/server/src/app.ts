import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@portal/shared/constants';
import { localChangeNotices, type ChangeNotices } from './db/change-notices';
import type { Database, JobsConnection } from './db/client';
import { createScheduler } from './jobs/scheduler';
import type { Env } from './env';
import type { Clock } from './providers/clock/clock';
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandler } from './plugins/error-handler';
import { clientErrorHandler, frameworkErrors, registerClosingRefusal } from './plugins/http-envelope';
import { loggerOptions } from './plugins/logging';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { healthRoutes } from './modules/health/routes';
import { referenceRoutes } from './modules/reference/routes';
import { createReferenceService, type ReferenceService } from './modules/reference/service';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService, type SettingsService } from './modules/settings/service';
import { captchaRoutes } from './modules/captcha/routes';
import { createCaptchaService, type CaptchaService } from './modules/captcha/service';
import { registrationRoutes } from './modules/registration/routes';
import { createRegistrationService, type RegistrationService } from './modules/registration/service';
import { createMailer, type Mailer } from './providers/mail/mailer';
import type { MailTransport } from './providers/mail/mail-transport';
import { outboxTransport } from './providers/mail/outbox-transport';
import { smtpTransport } from './providers/mail/smtp-transport';
import { fileStoreFor, type FileStore } from './providers/storage/file-store';
import { createAttemptLimiter } from './security/attempt-limiter';
import { databaseRequestLimitStore } from './security/request-limit-store';
import type { TokenSigningKey } from './security/token-signing-key';
import { registerAuthGuard } from './plugins/auth-guard';
import { authRoutes } from './modules/auth/routes';
import { createAuthService, type AuthService } from './modules/auth/service';
import { createTokenIssuer } from './modules/auth/tokens';
import { accountRoutes } from './modules/account/routes';
import { passwordRoutes } from './modules/password/routes';
import { createPasswordService, type PasswordService } from './modules/password/service';
import { createAccountService, type AccountService } from './modules/account/service';
import { requestLanguage, translate } from './lib/localize';
import { withinSendHours } from './lib/study-time';
import { consentRoutes } from './modules/consent/routes';
import { createSigningService, type SigningService } from './modules/consent/signing';
import { createSignedCopyService, type SignedCopyService } from './modules/consent/signed-copy';
import { createStudyWithdrawalService, type StudyWithdrawalService } from './modules/consent/withdrawal';
import { revokeUserSessions } from './modules/auth/repository';
import { findSecurityPolicy } from './db/security-policy';
import { surveyPeriodRoutes } from './modules/surveys/period/routes';
import { surveyRoutes } from './modules/surveys/rounds/routes';
import { createSurveyService, type SurveyService } from './modules/surveys/rounds/service';
import { createSurveyScheduleSettings, type SurveyScheduleSettings } from './modules/surveys/period/service';
import { openedUsersRoutes } from './modules/surveys/window-open-users/routes';
import { createOpenedUsersService, type OpenedUsersService } from './modules/surveys/window-open-users/service';
import { oneTimeSurveyAdminRoutes } from './modules/surveys/one-time/routes';
import { createOneTimeAdminService, type OneTimeAdminService } from './modules/surveys/one-time/admin-service';
import { createOneTimeInvitations, type OneTimeInvitations } from './modules/surveys/one-time/invitations-service';
import { createOneTimeReportsService, type OneTimeReportsService } from './modules/surveys/one-time/reports-service';
import { homeRoutes } from './modules/home/routes';
import { registerDashboardAccess } from './modules/analytics-dashboards/access';
import { createDashboardTokens, type DashboardTokens } from './modules/analytics-dashboards/dashboard-tokens';
import { dashboardTokenRoutes } from './modules/analytics-dashboards/routes';
import { createDashboardLinkService, type DashboardLinkService } from './modules/analytics-dashboards/service';
import { createHomeService, type HomeService } from './modules/home/service';
import { createReminderSender, type ReminderSender } from './modules/reminders/service';
import { withdrawalsRoutes } from './modules/withdrawals/routes';
import { createWithdrawalsAdminService, type WithdrawalsAdminService } from './modules/withdrawals/service';
import { emailAnalyticsRoutes } from './modules/email-analytics/routes';
import { createEmailAnalyticsService, type EmailAnalyticsService } from './modules/email-analytics/service';
import { apiKeysRoutes } from './modules/health-system-verification/api-keys/routes';
import { createApiKeysService, type ApiKeysService } from './modules/health-system-verification/api-keys/service';
import { pushRoutes } from './modules/health-system-verification/push/routes';
import { verificationRoutes } from './modules/health-system-verification/records/routes';
import {
  createVerificationService,
  type VerificationService,
} from './modules/health-system-verification/records/service';
import { createPushService, type PushService } from './modules/health-system-verification/push/service';
import { healthSystemRoutes } from './modules/health-systems/routes';
import { createHealthSystemsServices, type HealthSystemsServices } from './modules/health-systems/services';
import { dataExportRoutes } from './modules/data-export/routes';
import { createDataExportService, type DataExportService } from './modules/data-export/service';
import { auditLogRoutes } from './modules/audit-log/routes';
import { createAuditLogService, type AuditLogService } from './modules/audit-log/service';

/** Carries out manual withdrawal requests whose hold has ended. */
const MANUAL_WITHDRAWALS_JOB = 'manual-withdrawals';
/** Sends the invitations of one-time surveys whose send date has come. */
const ONE_TIME_INVITATIONS_JOB = 'one-time-invitations';

export interface AppServices {
  reference: ReferenceService;
  settings: SettingsService;
  captcha: CaptchaService;
  registration: RegistrationService;
  auth: AuthService;
  account: AccountService;
  password: PasswordService;
  consent: { signing: SigningService; signedCopy: SignedCopyService; withdrawal: StudyWithdrawalService };
  surveySchedule: SurveyScheduleSettings;
  surveys: SurveyService;
  openedUsers: OpenedUsersService;
  oneTimeSurveys: { admin: OneTimeAdminService; reports: OneTimeReportsService; invitations: OneTimeInvitations };
  home: HomeService;
  mailer: Mailer;
  reminders: ReminderSender;
  withdrawals: WithdrawalsAdminService;
  emailAnalytics: EmailAnalyticsService;
  apiKeys: ApiKeysService;
  push: PushService;
  verification: VerificationService;
  healthSystems: HealthSystemsServices;
  dataExport: DataExportService;
  auditLog: AuditLogService;
  dashboardTokens: DashboardTokens;
  dashboardLinks: DashboardLinkService;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Database;
    clock: Clock;
    services: AppServices;
  }
}

export interface BuildAppOptions {
  env: Env;
  db: Database;
  clock: Clock;
  /** Directory of the built web app; omitted in API-only tests. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where e-mail goes; by default SMTP when SMTP_URL is set, else the database outbox. */
  mailTransport?: MailTransport;
  /** The key that signs access tokens (security/token-signing-key.ts). */
  tokenSigningKey: TokenSigningKey;
  /** Where documents are kept; by default the bucket of S3_URL when it is set, else the database. */
  files?: FileStore;
  /**
   * Count per-IP request limits in the database, shared by every server process on one PostgreSQL; otherwise in
   * this process's memory (the embedded database has one process).
   */
  sharedRequestLimits?: boolean;
  /**
   * Where the scheduler keeps its jobs; without it no scheduled work runs (API tests run the jobs themselves).
   * The server always passes it.
   */
  jobs?: JobsConnection;
  /**
   * How a change of cached settings or health systems reaches the other server processes on the database (the
   * database handle's); by default it reaches this process only.
   */
  changes?: ChangeNotices;
}

/** Builds the whole portal (plugins: external, then app, then routes) without listening. */
export async function buildApp(options: BuildAppOptions) {
  const { env, db, clock } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Replies the HTTP layer makes by itself keep the envelope too.
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('clock', clock);
  const changes = options.changes ?? localChangeNotices();
  const reference = createReferenceService({ db, clock, changes });
  const settings = createSettingsService({
    db,
    clock,
    payloadKey: env.PAYLOAD_KEY,
    captchaEnabled: env.CAPTCHA_ENABLED,
    changes,
  });
  const inDowntime = async () => (await settings.getDowntime()).inDowntime;
  const metrics = createMetrics(db);
  const files = options.files ?? (await fileStoreFor(env.S3_URL));
  const mailer = createMailer({
    db,
    clock,
    transport: options.mailTransport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : outboxTransport(app.log)),
    from: env.MAIL_FROM,
    files,
    log: app.log,
    contact: async () => (await settings.getClientConfig()).contact,
    inDowntime,
    bulkHours: (now) => withinSendHours(now, env.STUDY_TIME_ZONE, env.REMINDER_SEND_HOURS),
    onOutcome: metrics.mailDelivered,
  });
  const captcha = createCaptchaService({ db, clock });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    settings,
    tokens: createTokenIssuer(options.tokenSigningKey, env.PUBLIC_URL),
    changes,
  });
  const limiter = createAttemptLimiter(db, clock);
  const registration = createRegistrationService({
    db,
    clock,
    mailer,
    limiter,
    captcha,
    reference,
    settings,
    publicUrl: env.PUBLIC_URL,
    captchaEnabled: env.CAPTCHA_ENABLED,
  });
  const surveySchedule = createSurveyScheduleSettings({ db, clock });
  const surveys = createSurveyService({ db, clock, schedule: surveySchedule });
  const signedCopy = createSignedCopyService({ db, files });
  const reminders = createReminderSender({
    db,
    clock,
    mailer,
    publicUrl: env.PUBLIC_URL,
    timeZone: env.STUDY_TIME_ZONE,
    sendHours: env.REMINDER_SEND_HOURS,
    inDowntime,
    queueActivationReminder: registration.queueActivationReminder,
    linkDays: registration.linkDays,
    openDueRounds: surveys.openDueRounds,
    roundFormCount: surveys.roundFormCount,
  });
  mailer.addLastCheck(reminders.alreadyDone);
  const withdrawal = createStudyWithdrawalService({ db, clock, mailer, revokeSessions: revokeUserSessions });
  const jobs = options.jobs;
  const scheduler = jobs ? createScheduler(jobs, app.log, metrics.jobRan, env.SCHEDULER_INTERVAL_S) : undefined;
  /**
   * Runs a job once more at a due time. Without a scheduler (API tests) nothing runs by itself, and a run that
   * could not be scheduled is caught by the job's every-minute run.
   */
  const runJobAt = (job: string) => (at: Date) =>
    void scheduler?.runAt(job, at).catch((error: unknown) => {
      app.log.error({ err: error, job }, 'could not schedule a job run');
    });
  const withdrawals = createWithdrawalsAdminService({
    db,
    clock,
    mailer,
    withdrawWithin: withdrawal.withdrawWithin,
    holdSeconds: env.WITHDRAWAL_REQUEST_HOLD_S,
    timeZone: env.STUDY_TIME_ZONE,
    carryOutAt: runJobAt(MANUAL_WITHDRAWALS_JOB),
  });
  const oneTimeInvitations = createOneTimeInvitations({
    db,
    clock,
    mailer,
    publicUrl: env.PUBLIC_URL,
    timeZone: env.STUDY_TIME_ZONE,
  });
  const dashboardTokens = createDashboardTokens(options.tokenSigningKey, env.PUBLIC_URL);
  app.decorate('services', {
    reminders,
    dashboardTokens,
    dashboardLinks: createDashboardLinkService({ db, clock, tokens: dashboardTokens }),
    auth,
    surveySchedule,
    surveys,
    openedUsers: createOpenedUsersService({
      db,
      clock,
      timeZone: env.STUDY_TIME_ZONE,
      openDueRounds: surveys.openDueRounds,
    }),
    oneTimeSurveys: {
      admin: createOneTimeAdminService({
        db,
        clock,
        inviteAt: runJobAt(ONE_TIME_INVITATIONS_JOB),
      }),
      reports: createOneTimeReportsService({ db, clock }),
      invitations: oneTimeInvitations,
    },
    home: createHomeService({ db, clock, surveys, signedCopy }),
    account: createAccountService({ db, clock, reference, files, changes }),
    reference,
    settings,
    captcha,
    mailer,
    registration,
    password: createPasswordService({
      db,
      clock,
      mailer,
      limiter,
      settings,
      publicUrl: env.PUBLIC_URL,
      getPasswordPolicy: () => reference.getPasswordPolicy(),
      endAllSessions: auth.endAllSessions,
      resendActivation: registration.resendActivation,
    }),
    consent: {
      signing: createSigningService({
        db,
        clock,
        mailer,
        files,
        limiter,
        getSigningPolicy: () => findSecurityPolicy(db),
      }),
      signedCopy,
      withdrawal,
    },
    withdrawals,
    emailAnalytics: createEmailAnalyticsService({ db, clock, mailer, timeZone: env.STUDY_TIME_ZONE }),
    apiKeys: createApiKeysService({ db, clock }),
    push: createPushService({ db, clock }),
    verification: createVerificationService({ db, clock, timeZone: env.STUDY_TIME_ZONE }),
    healthSystems: createHealthSystemsServices({ db, clock, files, onSystemsChanged: reference.invalidate }),
    dataExport: createDataExportService({ db, clock, timeZone: env.STUDY_TIME_ZONE }),
    auditLog: createAuditLogService({ db, clock, timeZone: env.STUDY_TIME_ZONE }),
  });
  if (jobs && scheduler) {
    scheduler.add({ name: 'mail-delivery', cron: '* * * * *', run: (signal) => mailer.sweep(signal) });
    scheduler.add({
      name: 'reminders',
      cron: '* * * * *',
      // What it queued goes out at once, at the pace bulk mail keeps.
      run: async (signal) => {
        if ((await reminders.run(signal)) > 0) await mailer.sweep(signal);
      },
    });
    scheduler.add({
      name: MANUAL_WITHDRAWALS_JOB,
      cron: '* * * * *',
      run: async (signal) => void (await withdrawals.carryOutDue(signal)),
    });
    scheduler.add({
      name: ONE_TIME_INVITATIONS_JOB,
      cron: '* * * * *',
      // What it queued goes out at once, at the pace bulk mail keeps.
      run: async (signal) => {
        if ((await oneTimeInvitations.run(signal)) > 0) await mailer.sweep(signal);
      },
    });
    app.addHook('onReady', async () => {
      if (jobs.kind === 'pglite') await mailer.releaseClaims();
      await scheduler.start();
    });
  }
  // On close nothing new is claimed or started, and deliveries under way get a moment, before the database closes.
  app.addHook('onClose', async () => {
    const mailClosed = mailer.close();
    await scheduler?.stop();
    await mailClosed;
    if (!options.files) files.bucket?.close();
  });

  // External plugins.
  registerSecurityHeaders(app);
  registerClosingRefusal(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    ...(options.sharedRequestLimits && { store: databaseRequestLimitStore(db, clock) }),
    errorResponseBuilder: (request, context) => ({
      statusCode: context.statusCode,
      message: translate(requestLanguage(request), 'error.tooManyRequests'),
    }),
  });
  await registerApiDocs(app);

  // App plugins.
  registerErrorHandler(app);
  registerAuthGuard(app, auth.authenticate);
  registerDashboardAccess(app, dashboardTokens);
  registerMetrics(app, metrics);

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { scheduler });
      await api.register(referenceRoutes);
      await api.register(settingsRoutes);
      await api.register(captchaRoutes);
      await api.register(registrationRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(passwordRoutes);
      await api.register(consentRoutes);
      await api.register(surveyRoutes);
      await api.register(surveyPeriodRoutes);
      await api.register(openedUsersRoutes);
      await api.register(oneTimeSurveyAdminRoutes);
      await api.register(homeRoutes);
      await api.register(dashboardTokenRoutes);
      await api.register(withdrawalsRoutes);
      await api.register(emailAnalyticsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(pushRoutes);
      await api.register(verificationRoutes);
      await api.register(healthSystemRoutes);
      await api.register(dataExportRoutes);
      await api.register(auditLogRoutes);
    },
    { prefix: API_BASE },
  );
  await registerWebApp(app, options.webDistDir);
  return app;
}
export type PortalApp = Awaited<ReturnType<typeof buildApp>>;
