import { useQuery } from '@tanstack/react-query';
import { authorizedDownload } from './api-client';

/**
 * The signed-in user's picture as an object URL. The picture is served only with the bearer token, which an
 * `<img>` cannot send, so it is fetched and shown from memory. Its address carries a version, so a new
 * picture is a new query (a replaced one's few kilobytes stay in memory until the page is left); undefined
 * while loading, without a picture, or when it could not be fetched.
 */
export function useProfilePictureUrl(path: string | null | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: ['profile-picture', path],
    queryFn: async () => URL.createObjectURL(await authorizedDownload(path!)),
    enabled: Boolean(path),
    staleTime: Infinity,
    retry: false,
  });
  return path ? data : undefined;
}
