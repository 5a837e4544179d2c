import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  EMAIL_FAILURE_PAGE_SIZES,
  ZEmailFailuresQuery,
  ZEmailFailuresReply,
  ZEmailRetryParams,
  ZEmailRetryReply,
  GET_EMAIL_ANALYTICS_FAILURES,
  POST_EMAIL_ANALYTICS_FAILURES_RETRY,
} from '@portal/shared/email-analytics/email-failures';
import {
  FOLLOW_UP_DAYS,
  ZEmailSummaryQuery,
  ZEmailSummaryReply,
  GET_EMAIL_ANALYTICS_SUMMARY,
} from '@portal/shared/email-analytics/email-summary';
import { ZMailBacklogReply, GET_EMAIL_ANALYTICS_BACKLOG } from '@portal/shared/email-analytics/email-backlog';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendOutcome } from '../../lib/outcome';
import { FAILED_PAYLOAD_DAYS } from '../../providers/mail/ledger';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['email-analytics'];
const security = [{ bearerAuth: [] }];

/** The Emails Insight tab of System Options; its dashboard's figures may also be read with the dashboard's token. */
export const emailAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.emailAnalytics;
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 30, MINUTE_MS);

  app.route({
    method: GET_EMAIL_ANALYTICS_SUMMARY.method,
    url: GET_EMAIL_ANALYTICS_SUMMARY.path,
    config: { access: 'emails.figures', dashboard: 'email-analytics', rateLimit: reads },
    schema: {
      tags,
      summary:
        'The Email Analytics dashboard over from..to (YYYY-MM-DD, both included, in the study time zone; five ' +
        'years at most): messages sent, failed, bounced (address refused for good), suppressed and queued, in ' +
        'all, by day, template and language, each message on the day it was created; the delivery rate sent / ' +
        '(sent + failed + bounced) in percent; and per reminder type and one-time invitations, the e-mails sent ' +
        `and how many were followed within ${FOLLOW_UP_DAYS} days by the step they ask for (administrators, or ` +
        'the dashboard token)',
      security,
      querystring: ZEmailSummaryQuery,
      response: { 200: ZEmailSummaryReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.summary(request.query) }),
  });

  app.route({
    method: GET_EMAIL_ANALYTICS_BACKLOG.method,
    url: GET_EMAIL_ANALYTICS_BACKLOG.path,
    config: { access: 'emails.figures', rateLimit: reads },
    schema: {
      tags,
      summary:
        'The bulk mail (reminders, invitations, news) waiting to go out, by pace key (microsoft, yahoo, google, a ' +
        'domain, or * for the domains with fewer than 5 waiting each): how many, the rate a minute ' +
        '(MAIL_PACE_PER_MINUTE), and when it should clear, counting only the hours bulk mail leaves ' +
        '(REMINDER_SEND_HOURS in STUDY_TIME_ZONE; null during downtime); with the total and the oldest wait',
      security,
      response: { 200: ZMailBacklogReply },
    },
    handler: async () => ({ status: true, data: await service.backlog() }),
  });

  app.route({
    method: GET_EMAIL_ANALYTICS_FAILURES.method,
    url: GET_EMAIL_ANALYTICS_FAILURES.path,
    config: { access: 'emails.failures', rateLimit: reads },
    schema: {
      tags,
      summary:
        `Messages created from..to that failed for good, paged (sizes ${EMAIL_FAILURE_PAGE_SIZES.join(', ')}), ` +
        'the latest attempt first: recipient, template, language, attempts, the last SMTP reply or connection ' +
        'error, whether the address bounced, and whether it can be sent again (administrators)',
      security,
      querystring: ZEmailFailuresQuery,
      response: { 200: ZEmailFailuresReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.listFailures(request.query) }),
  });

  app.route({
    method: POST_EMAIL_ANALYTICS_FAILURES_RETRY.method,
    url: POST_EMAIL_ANALYTICS_FAILURES_RETRY.path,
    config: { access: 'emails.retry', rateLimit: writes },
    schema: {
      tags,
      summary:
        'Sends a failed message again, once: a new queued copy naming it. Refused when it was sent again ' +
        'already, when its address bounced, or when its content is gone (a security code, or failed over ' +
        `${FAILED_PAYLOAD_DAYS} days ago) (administrators)`,
      security,
      params: ZEmailRetryParams,
      response: { 200: ZEmailRetryReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.retry(request.auth!.userId, request.params.id, { ip: request.ip })),
  });
};
