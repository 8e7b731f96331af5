import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiDelete,
  apiGet,
  apiPost,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';

export type ApiKey = ApiAnswer<'get', 'api-keys'>['apiKeys'][number];
export type ApiKeyScope = ApiKey['aScopes'][number];

const apiKeysKey = ['team', 'api-keys'] as const;

export function useApiKeysQuery() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async () => (await apiGet('api-keys')).apiKeys,
  });
}

export function useApiKeyMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  return {
    create: useMutation({
      mutationFn: async (body: ApiBody<'post', 'api-keys'>) =>
        (await apiPost('api-keys', { body })).apiKey,
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (apiKeyId: string) => apiDelete('api-keys/{apiKeyId}', { params: { apiKeyId } }),
      onSuccess,
    }),
  };
}
