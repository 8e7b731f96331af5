import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';

/** The caller's e-mail notification settings (GET profile/notifications). */
export type NotificationSettings = ApiAnswer<'get', 'profile/notifications'>['notifications'];
export type NotificationSettingsBody = ApiBody<'put', 'profile/notifications'>;

export type WebhookEndpoint = ApiAnswer<'get', 'webhooks/endpoints'>['endpoints'][number];
export type WebhookEndpointWithSecret = ApiAnswer<'post', 'webhooks/endpoints'>['endpoint'];
export type WebhookDelivery = ApiAnswer<
  'get',
  'webhooks/endpoints/{endpointId}/deliveries'
>['deliveries'][number];
export type WebhookEvent = WebhookEndpoint['aEvents'][number];

const quiet = { errorToast: false };

export const notificationKeys = { settings: ['profile', 'notifications'] as const };
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
};

export function useNotificationSettingsQuery() {
  return useQuery({
    ...queryOptions({
      queryKey: notificationKeys.settings,
      queryFn: async () => (await apiGet('profile/notifications')).notifications,
    }),
    meta: quiet,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => apiPut('profile/notifications', { body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(notificationKeys.settings, answer.notifications),
    meta: quiet,
  });
}

export function useWebhookEndpointsQuery() {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: async () => (await apiGet('webhooks/endpoints')).endpoints,
    meta: quiet,
  });
}

export function useWebhookDeliveriesQuery(endpointId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: async () =>
      (await apiGet('webhooks/endpoints/{endpointId}/deliveries', { params: { endpointId } }))
        .deliveries,
    enabled,
    // A pending delivery is being retried: look again while one is pending.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.sStatus === 'PENDING') ? 2_000 : false,
    meta: quiet,
  });
}

export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  return {
    create: useMutation({
      mutationFn: async (body: ApiBody<'post', 'webhooks/endpoints'>) =>
        (await apiPost('webhooks/endpoints', { body })).endpoint,
      onSuccess,
      meta: quiet,
    }),
    rotate: useMutation({
      mutationFn: async (endpointId: string) =>
        (
          await apiPost('webhooks/endpoints/{endpointId}/rotate-secret', {
            params: { endpointId },
          })
        ).endpoint,
      onSuccess,
      meta: quiet,
    }),
    remove: useMutation({
      mutationFn: (endpointId: string) =>
        apiDelete('webhooks/endpoints/{endpointId}', { params: { endpointId } }),
      onSuccess,
      meta: quiet,
    }),
    replay: useMutation({
      mutationFn: async (input: { endpointId: string; deliveryId: string }) =>
        (
          await apiPost('webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/replay', {
            params: input,
          })
        ).delivery,
      onSuccess,
      meta: quiet,
    }),
  };
}
