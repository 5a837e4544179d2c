import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_RUNS_JOB, MANUAL_WITHDRAWALS_JOB, ONE_TIME_INVITATIONS_JOB, STUDY_NOTICE_MAIL_JOB } from './app-jobs';
import type { ChangeNotices } from './db/change-notices';
import type { Database } from './db/client';
import { findSecurityPolicy } from './db/security-policy';
import type { Env } from './env';
import { withinSendHours } from './lib/study-time';
import { createAccountService, type AccountService } from './modules/account/service';
import { createDashboardTokens, type DashboardTokens } from './modules/analytics-dashboards/dashboard-tokens';
import { createDashboardLinkService, type DashboardLinkService } from './modules/analytics-dashboards/service';
import { createAuditLogService, type AuditLogService } from './modules/audit-log/service';
import { revokeUserSessions } from './modules/auth/repository';
import { createAuthService, type AuthService } from './modules/auth/service';
import { createTokenIssuer } from './modules/auth/tokens';
import { createCaptchaService, type CaptchaService } from './modules/captcha/service';
import { createSignedCopyService, type SignedCopyService } from './modules/consent/signed-copy';
import { createSigningService, type SigningService } from './modules/consent/signing';
import { createStudyWithdrawalService, type StudyWithdrawalService } from './modules/consent/withdrawal';
import { createExportRunService, type ExportRunService } from './modules/data-export/runs/service';
import { createDataExportService, type DataExportService } from './modules/data-export/service';
import { createEmailAnalyticsService, type EmailAnalyticsService } from './modules/email-analytics/service';
import { sendgridPublicKey } from './modules/mail-events/sendgrid-signature';
import { createMailEventsService, type MailEventsService } from './modules/mail-events/service';
import { fetchText, type FetchText } from './modules/mail-events/sns-signature';
import { createSuppressionsService, type SuppressionsService } from './modules/mail-events/suppressions-service';
import { createApiKeysService, type ApiKeysService } from './modules/health-system-verification/api-keys/service';
import { createPushService, type PushService } from './modules/health-system-verification/push/service';
import {
  createVerificationService,
  type VerificationService,
} from './modules/health-system-verification/records/service';
import { createHealthSystemsServices, type HealthSystemsServices } from './modules/health-systems/services';
import { createHomeService, type HomeService } from './modules/home/service';
import { unsubscribeLinks } from './modules/mail-preferences/links';
import { createMailPreferencesService, type MailPreferencesService } from './modules/mail-preferences/service';
import { createUnsubscribeTokens } from './modules/mail-preferences/token';
import { createInboxService, type InboxService } from './modules/inbox/service';
import { createNoticeMailJob, type NoticeMailJob } from './modules/inbox/notices/mail-job';
import { createStudyNoticeService, type StudyNoticeService } from './modules/inbox/notices/service';
import { createParticipantsService, type ParticipantsService } from './modules/participants/service';
import { createPasswordService, type PasswordService } from './modules/password/service';
import { createReferenceService, type ReferenceService } from './modules/reference/service';
import { appSecretSeal } from './security/second-factor/app-secret-seal';
import { factorChecks } from './security/second-factor/checks';
import { removeAllFactors } from './modules/second-factor/repository';
import { APP_ISSUER, createSecondFactorService, type SecondFactorService } from './modules/second-factor/service';
import { relyingPartyOf, webauthnCeremonies } from './security/second-factor/webauthn';
import { createRegistrationService, type RegistrationService } from './modules/registration/service';
import { createReminderSender, type ReminderSender } from './modules/reminders/service';
import { createSettingsService, type SettingsService } from './modules/settings/service';
import { createStaffService, type StaffService } from './modules/staff/service';
import { createOneTimeAdminService, type OneTimeAdminService } from './modules/surveys/one-time/admin-service';
import { createOneTimeInvitations, type OneTimeInvitations } from './modules/surveys/one-time/invitations-service';
import { createOneTimeReportsService, type OneTimeReportsService } from './modules/surveys/one-time/reports-service';
import { createSurveyScheduleSettings, type SurveyScheduleSettings } from './modules/surveys/period/service';
import { createSurveyService, type SurveyService } from './modules/surveys/rounds/service';
import { createOpenedUsersService, type OpenedUsersService } from './modules/surveys/window-open-users/service';
import { createWithdrawalsAdminService, type WithdrawalsAdminService } from './modules/withdrawals/service';
import type { Metrics } from './plugins/metrics';
import type { Clock } from './providers/clock/clock';
import { createMailer, type Mailer } from './providers/mail/mailer';
import type { MailTransport } from './providers/mail/mail-transport';
import type { FileStore } from './providers/storage/file-store';
import { createAttemptLimiter } from './security/attempt-limiter';
import type { TokenSigningKey } from './security/token-signing-key';

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
  mailPreferences: MailPreferencesService;
  reminders: ReminderSender;
  withdrawals: WithdrawalsAdminService;
  emailAnalytics: EmailAnalyticsService;
  apiKeys: ApiKeysService;
  push: PushService;
  verification: VerificationService;
  healthSystems: HealthSystemsServices;
  dataExport: DataExportService;
  exportRuns: ExportRunService;
  auditLog: AuditLogService;
  participants: ParticipantsService;
  dashboardTokens: DashboardTokens;
  dashboardLinks: DashboardLinkService;
  staff: StaffService;
  secondFactor: SecondFactorService;
  mailEvents: MailEventsService;
  suppressions: SuppressionsService;
  inbox: InboxService;
  studyNotices: StudyNoticeService;
  noticeMail: NoticeMailJob;
}

export interface AppServicesDeps {
  env: Env;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  files: FileStore;
  mailTransport: MailTransport;
  tokenSigningKey: TokenSigningKey;
  changes: ChangeNotices;
  metrics: Metrics;
  /** Runs the named scheduled job once more at a due time. */
  runJobAt: (job: string) => (at: Date) => void;
  /** How the server GETs an outside URL (SNS certificates, subscription links); by default fetch. */
  fetchText?: FetchText;
}

/** Every service of the portal, each given what it depends on. */
export function createAppServices(deps: AppServicesDeps): AppServices {
  const { env, db, clock, files, changes, metrics, runJobAt } = deps;
  const reference = createReferenceService({ db, clock, changes });
  const settings = createSettingsService({
    db,
    clock,
    payloadKey: env.PAYLOAD_KEY,
    captchaEnabled: env.CAPTCHA_ENABLED,
    changes,
  });
  const { inDowntime } = settings;
  const unsubscribeTokens = createUnsubscribeTokens(db);
  const mailPreferences = createMailPreferencesService({ db, clock, tokens: unsubscribeTokens });
  const mailer = createMailer({
    db,
    clock,
    transport: deps.mailTransport,
    from: env.MAIL_FROM,
    files,
    log: deps.log,
    contact: async () => (await settings.getClientConfig()).contact,
    inDowntime,
    bulkHours: (now) => withinSendHours(now, env.STUDY_TIME_ZONE, env.REMINDER_SEND_HOURS),
    paceRates: env.MAIL_PACE_PER_MINUTE,
    onOutcome: metrics.mailDelivered,
    unsubscribe: unsubscribeLinks({ tokens: unsubscribeTokens, publicUrl: env.PUBLIC_URL }),
  });
  const captcha = createCaptchaService({ db, clock });
  const seal = appSecretSeal(db);
  const factors = factorChecks({
    db,
    seal,
    ceremonies: webauthnCeremonies(relyingPartyOf(env.PUBLIC_URL, APP_ISSUER)),
  });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    settings,
    tokens: createTokenIssuer(deps.tokenSigningKey, env.PUBLIC_URL),
    changes,
    factors,
  });
  const secondFactor = createSecondFactorService({
    db,
    clock,
    stepUpWindowMs: env.STEP_UP_WINDOW_S * 1000,
    seal,
    factors,
    auth,
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
  const auditLog = createAuditLogService({ db, clock, timeZone: env.STUDY_TIME_ZONE });
  const dashboardTokens = createDashboardTokens(deps.tokenSigningKey, env.PUBLIC_URL);
  return {
    reminders,
    secondFactor,
    inbox: createInboxService({ db, clock }),
    studyNotices: createStudyNoticeService({ db, clock, mailAt: runJobAt(STUDY_NOTICE_MAIL_JOB) }),
    noticeMail: createNoticeMailJob({ db, mailer, publicUrl: env.PUBLIC_URL, log: deps.log }),
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
      admin: createOneTimeAdminService({ db, clock, inviteAt: runJobAt(ONE_TIME_INVITATIONS_JOB) }),
      reports: createOneTimeReportsService({ db, clock }),
      invitations: createOneTimeInvitations({
        db,
        clock,
        mailer,
        publicUrl: env.PUBLIC_URL,
        timeZone: env.STUDY_TIME_ZONE,
      }),
    },
    home: createHomeService({ db, clock, surveys, signedCopy }),
    account: createAccountService({ db, clock, reference, files, changes, mailCategories: mailPreferences }),
    reference,
    settings,
    captcha,
    mailer,
    mailPreferences,
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
    withdrawals: createWithdrawalsAdminService({
      db,
      clock,
      mailer,
      withdrawWithin: withdrawal.withdrawWithin,
      holdSeconds: env.WITHDRAWAL_REQUEST_HOLD_S,
      timeZone: env.STUDY_TIME_ZONE,
      carryOutAt: runJobAt(MANUAL_WITHDRAWALS_JOB),
    }),
    emailAnalytics: createEmailAnalyticsService({
      db,
      clock,
      mailer,
      timeZone: env.STUDY_TIME_ZONE,
      sendHours: env.REMINDER_SEND_HOURS,
    }),
    apiKeys: createApiKeysService({ db, clock }),
    push: createPushService({ db, clock }),
    verification: createVerificationService({ db, clock, timeZone: env.STUDY_TIME_ZONE }),
    healthSystems: createHealthSystemsServices({ db, clock, files, onSystemsChanged: reference.invalidate }),
    dataExport: createDataExportService({ db, clock, timeZone: env.STUDY_TIME_ZONE }),
    exportRuns: createExportRunService({
      db,
      clock,
      log: deps.log,
      timeZone: env.STUDY_TIME_ZONE,
      runSoon: runJobAt(EXPORT_RUNS_JOB),
    }),
    auditLog,
    staff: createStaffService({
      db,
      clock,
      mailer,
      publicUrl: env.PUBLIC_URL,
      getPasswordPolicy: () => reference.getPasswordPolicy(),
      revokeSessions: revokeUserSessions,
      removeFactors: removeAllFactors,
      openEnrolment: auth.openEnrolmentAttempt,
    }),
    participants: createParticipantsService({
      db,
      clock,
      history: auditLog.history,
      recordedRounds: surveys.recordedRounds,
      signedCopy: signedCopy.download,
      resendActivation: registration.resendActivation,
    }),
    mailEvents: createMailEventsService({
      db,
      clock,
      log: deps.log,
      sendgridKey: env.SENDGRID_WEBHOOK_PUBLIC_KEY ? sendgridPublicKey(env.SENDGRID_WEBHOOK_PUBLIC_KEY) : undefined,
      topicArn: env.SES_SNS_TOPIC_ARN,
      fetch: deps.fetchText ?? fetchText,
    }),
    suppressions: createSuppressionsService({ db, clock }),
  };
}
