import { useQuery } from '@tanstack/react-query';
import { ZUserDetailsReply, GET_KEYCLOAK_USER } from '@portal/shared/auth/user-details';
import { authorizedRequest } from './api-client';

/**
 * `GET /keycloak/user`, the signed-in user's details. Loaded on every signed-in page by the header, so a
 * session ended elsewhere (logout in another browser, password reset, withdrawal) is noticed at once:
 * its 401 signs this browser out cleanly.
 */
export function useUserDetails(userId: string | undefined) {
  return useQuery({
    queryKey: ['user-details', userId],
    queryFn: async () => (await authorizedRequest(GET_KEYCLOAK_USER.path, ZUserDetailsReply)).data!,
    enabled: Boolean(userId),
    retry: false,
    staleTime: 60_000,
  });
}
