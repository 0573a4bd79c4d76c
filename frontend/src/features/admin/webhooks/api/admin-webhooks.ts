// Outgoing webhooks (API.md "Admin"): endpoints (list, create, change, enable or disable, delete,
// ping) and each one's delivery log with a manual retry of a failed delivery.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
  type WEBHOOK_DELIVERY_STATUSES,
} from '@printshop/shared-events/api/admin';
import { okSchema } from '@printshop/shared-events/api/common';
import { api } from '@/lib/api-client';
import { adminKey, refreshAdmin } from '@/features/admin/admin-keys';

export type DeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookFields {
  url: string;
  events: string[];
  active: boolean;
}

const webhookPath = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

export const useWebhooks = () =>
  useQuery({
    queryKey: adminKey('webhooks'),
    queryFn: ({ signal }) => api.get('/admin/webhooks', { schema: webhooksResponseSchema, signal }),
  });

export const useDeliveries = (webhookId: string, status: DeliveryStatus | '') =>
  useQuery({
    queryKey: adminKey('webhooks', webhookId, 'deliveries', status),
    queryFn: ({ signal }) =>
      api.get(`${webhookPath(webhookId)}/deliveries`, {
        schema: webhookDeliveriesResponseSchema,
        searchParams: { status },
        signal,
      }),
    // The log changes by itself as the worker tries: fresh every time it is looked at.
    staleTime: 0,
  });

function useAdminMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refreshAdmin(queryClient) });
}

export const useCreateWebhook = () =>
  useAdminMutation((fields: WebhookFields) =>
    api.post('/admin/webhooks', { schema: webhookResponseSchema, json: fields }),
  );

export const useUpdateWebhook = () =>
  useAdminMutation(({ id, ...fields }: Partial<WebhookFields> & { id: string }) =>
    api.put(webhookPath(id), { schema: webhookResponseSchema, json: fields }),
  );

export const useDeleteWebhook = () =>
  useAdminMutation((id: string) => api.delete(webhookPath(id), { schema: okSchema }));

export const usePingWebhook = () =>
  useAdminMutation((id: string) => api.post(`${webhookPath(id)}/ping`, { schema: okSchema }));

export const useRetryDelivery = () =>
  useAdminMutation((deliveryId: string) =>
    api.post(`/admin/webhooks/deliveries/${encodeURIComponent(deliveryId)}/retry`, {
      schema: webhookDeliveryResponseSchema,
    }),
  );
