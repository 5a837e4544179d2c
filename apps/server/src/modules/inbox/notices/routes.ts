import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MINUTE_MS } from '@portal/shared/durations';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  GET_STUDY_NOTICE_AUDIENCES,
  GET_STUDY_NOTICES,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  POST_STUDY_NOTICES,
  ZNoticeAudiencesReply,
  ZStudyNoticeReply,
  ZStudyNoticeRequest,
  ZStudyNoticesReply,
} from '@portal/shared/inbox/notices';
import { sendDataOutcome } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';

const tags = ['study notices'];
const security = [{ bearerAuth: [] }];

/** System Options → Study notices: post a notice to participants, and see those posted. */
export const studyNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.studyNotices;
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 10, MINUTE_MS);

  app.route({
    method: GET_STUDY_NOTICES.method,
    url: GET_STUDY_NOTICES.path,
    config: { access: 'notices.view', rateLimit: reads },
    schema: {
      tags,
      summary:
        'Every posted study notice, newest first: its title and body in English and Spanish, its audience (null: ' +
        'every participant), how many participants it reached, when and by whom it was posted',
      security,
      response: { 200: ZStudyNoticesReply },
    },
    handler: async () => ({ status: true, data: await service.list() }),
  });

  app.route({
    method: GET_STUDY_NOTICE_AUDIENCES.method,
    url: GET_STUDY_NOTICE_AUDIENCES.path,
    config: { access: 'notices.post', rateLimit: reads },
    schema: {
      tags,
      summary: 'Who a notice can go to: how many participants in all, and in each health system, it would reach now',
      security,
      response: { 200: ZNoticeAudiencesReply },
    },
    handler: async () => ({ status: true, data: await service.audiences() }),
  });

  app.route({
    method: POST_STUDY_NOTICES.method,
    url: POST_STUDY_NOTICES.path,
    config: { access: 'notices.post', rateLimit: writes },
    schema: {
      tags,
      summary:
        `Posts a study notice: \`title\` (up to ${NOTICE_TITLE_MAX} characters) and \`body\` (up to ${NOTICE_BODY_MAX}) ` +
        'each in `en` and `sp`, to every participant still in the study or, with `healthSystemId`, to that health ' +
        "system's. Each gets it in Messages at once, and by e-mail (study news) unless they left news; audited",
      security,
      body: ZStudyNoticeRequest,
      response: { 200: ZStudyNoticeReply, 400: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.post(request.auth!.userId, request.body, { ip: request.ip })),
  });
};
