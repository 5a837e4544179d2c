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
  ZStudyNoticesQuery,
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
        'The posted study notices, newest first, paged (`page` from 0, `size` 10, 25 or 50): each with its title and ' +
        'body in English and Spanish, its audience (null: every participant), how many participants it reached, ' +
        'when and by whom it was posted',
      security,
      querystring: ZStudyNoticesQuery,
      response: { 200: ZStudyNoticesReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.list(request.query) }),
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
