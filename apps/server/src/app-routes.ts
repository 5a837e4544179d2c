import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@portal/shared/constants';
import type { createScheduler } from './jobs/scheduler';
import { accountRoutes } from './modules/account/routes';
import { dashboardTokenRoutes } from './modules/analytics-dashboards/routes';
import { auditLogRoutes } from './modules/audit-log/routes';
import { authRoutes } from './modules/auth/routes';
import { captchaRoutes } from './modules/captcha/routes';
import { consentRoutes } from './modules/consent/routes';
import { dataExportRoutes } from './modules/data-export/routes';
import { exportRunRoutes } from './modules/data-export/runs/routes';
import { emailAnalyticsRoutes } from './modules/email-analytics/routes';
import { mailEventRoutes } from './modules/mail-events/routes';
import { suppressionRoutes } from './modules/mail-events/suppressions-routes';
import { apiKeysRoutes } from './modules/health-system-verification/api-keys/routes';
import { pushRoutes } from './modules/health-system-verification/push/routes';
import { verificationRoutes } from './modules/health-system-verification/records/routes';
import { healthSystemRoutes } from './modules/health-systems/routes';
import { healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/home/routes';
import { mailPreferencesRoutes } from './modules/mail-preferences/routes';
import { inboxRoutes } from './modules/inbox/routes';
import { studyNoticeRoutes } from './modules/inbox/notices/routes';
import { participantsRoutes } from './modules/participants/routes';
import { passwordRoutes } from './modules/password/routes';
import { referenceRoutes } from './modules/reference/routes';
import { registrationRoutes } from './modules/registration/routes';
import { settingsRoutes } from './modules/settings/routes';
import { secondFactorRoutes } from './modules/second-factor/routes';
import { staffRoutes } from './modules/staff/routes';
import { oneTimeSurveyAdminRoutes } from './modules/surveys/one-time/routes';
import { surveyPeriodRoutes } from './modules/surveys/period/routes';
import { surveyRoutes } from './modules/surveys/rounds/routes';
import { openedUsersRoutes } from './modules/surveys/window-open-users/routes';
import { withdrawalsRoutes } from './modules/withdrawals/routes';

/** Every area's calls, under the API's base path. */
export async function registerApiRoutes(app: FastifyInstance, scheduler?: ReturnType<typeof createScheduler>) {
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
      await api.register(suppressionRoutes);
      await api.register(mailEventRoutes);
      await api.register(apiKeysRoutes);
      await api.register(pushRoutes);
      await api.register(verificationRoutes);
      await api.register(healthSystemRoutes);
      await api.register(dataExportRoutes);
      await api.register(exportRunRoutes);
      await api.register(auditLogRoutes);
      await api.register(staffRoutes);
      await api.register(secondFactorRoutes);
      await api.register(participantsRoutes);
      await api.register(mailPreferencesRoutes);
      await api.register(inboxRoutes);
      await api.register(studyNoticeRoutes);
    },
    { prefix: API_BASE },
  );
}
