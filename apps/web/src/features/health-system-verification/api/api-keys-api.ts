import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZApiKeyRevokeReply,
  ZApiKeysReply,
  ZIssuedApiKeyReply,
  type TApiKeyRequest,
} from '@portal/shared/health-system-verification/push-api';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';

const PATH = '/health-system-api-keys';
const KEYS_KEY = ['health-system-api-keys'];

/** `GET /health-system-api-keys?page&size`: one page of keys, the active ones first. */
export function useApiKeys(request: PageRequest) {
  return useQuery({
    queryKey: [...KEYS_KEY, request.page, request.size],
    queryFn: async () => (await authorizedRequest(`${PATH}?${pagingQuery(request)}`, ZApiKeysReply)).data!,
    placeholderData: keepPreviousData,
  });
}

/** `POST /health-system-api-keys`: issues a key; the reply is the only time the key itself is seen. */
export function useIssueApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TApiKeyRequest) =>
      (await authorizedRequest(PATH, ZIssuedApiKeyReply, jsonRequest('POST', body))).data!,
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}

/** `DELETE /health-system-api-keys/:id`: revokes a key; the reply's message says so. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await authorizedRequest(`${PATH}/${encodeURIComponent(id)}`, ZApiKeyRevokeReply, jsonRequest('DELETE'))).message,
    onSettled: () => client.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}
