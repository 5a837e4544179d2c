import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { pagingQuery } from '../../../lib/paging';

const NOTICES_KEY = ['study-notices'];

/** `GET /study-notices?page&size`: one page of the posted notices, the newest first. */
export function useStudyNotices(page: number, size: number) {
  return useQuery({
    queryKey: [...NOTICES_KEY, 'list', page, size],
    queryFn: async () =>
      (await authorizedRequest(`${GET_STUDY_NOTICES.path}?${pagingQuery({ page, size })}`, ZStudyNoticesReply)).data!,
    placeholderData: keepPreviousData,
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
