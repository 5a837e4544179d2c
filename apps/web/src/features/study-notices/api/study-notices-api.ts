import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GET_STUDY_NOTICE_AUDIENCES,
  GET_STUDY_NOTICES,
  POST_STUDY_NOTICES,
  ZNoticeAudiencesReply,
  ZStudyNoticeReply,
  ZStudyNoticesReply,
  type TStudyNoticeInput,
} from '@portal/shared/inbox/notices';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';

const NOTICES_KEY = ['study-notices'];

/** `GET /study-notices`: every posted notice, the newest first. */
export function useStudyNotices() {
  return useQuery({
    queryKey: [...NOTICES_KEY, 'list'],
    queryFn: async () => (await authorizedRequest(GET_STUDY_NOTICES.path, ZStudyNoticesReply)).data!,
  });
}

/** `GET /study-notices/audiences`: everyone, and each health system, with how many participants each reaches. */
export function useNoticeAudiences(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...NOTICES_KEY, 'audiences'],
    queryFn: async () => (await authorizedRequest(GET_STUDY_NOTICE_AUDIENCES.path, ZNoticeAudiencesReply)).data!,
  });
}

/** `POST /study-notices`: posts a notice; the list and the counts are read again. */
export function usePostNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (notice: TStudyNoticeInput) =>
      (await authorizedRequest(POST_STUDY_NOTICES.path, ZStudyNoticeReply, jsonRequest('POST', notice))).data!,
    onSettled: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
