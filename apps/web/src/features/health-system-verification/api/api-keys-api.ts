import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZApiKeyRevokeReply,
  ZApiKeysReply,
  ZIssuedApiKeyReply,
  type TApiKeyRequest,
  DELETE_HEALTH_SYSTEM_API_KEYS,
  GET_HEALTH_SYSTEM_API_KEYS,
  POST_HEALTH_SYSTEM_API_KEYS,
} from '@portal/shared/health-system-verification/push-api';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { pathOf } from '@portal/shared/api/call';

const KEYS_KEY = ['health-system-api-keys'];

/** `GET /health-system-api-keys?page&size`: one page of keys, the active ones first. */
export function useApiKeys(request: PageRequest) {
  return useQuery({
    queryKey: [...KEYS_KEY, request.page, request.size],
    queryFn: async () =>
      (await authorizedRequest(`${GET_HEALTH_SYSTEM_API_KEYS.path}?${pagingQuery(request)}`, ZApiKeysReply)).data!,
    placeholderData: keepPreviousData,
  });
}

/** `POST /health-system-api-keys`: issues a key; the reply is the only time the key itself is seen. */
export function useIssueApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TApiKeyRequest) =>
      (
        await authorizedRequest(
          POST_HEALTH_SYSTEM_API_KEYS.path,
          ZIssuedApiKeyReply,
          jsonRequest(POST_HEALTH_SYSTEM_API_KEYS.method, body),
        )
      ).data!,
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}

/** `DELETE /health-system-api-keys/:id`: revokes a key; the reply's message says so. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await authorizedRequest(
          pathOf(DELETE_HEALTH_SYSTEM_API_KEYS.path, { id }),
          ZApiKeyRevokeReply,
          jsonRequest(DELETE_HEALTH_SYSTEM_API_KEYS.method),
        )
      ).message,
    onSettled: () => client.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}
