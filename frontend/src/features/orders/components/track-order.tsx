// Track an order by its number and e-mail (GET /api/orders/track): the status timeline and, once
// shipped, the tracking number. The search lives in the address (?orderNumber=&email=), so the
// confirmation page and e-mails can link straight to it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { trackOrderQuerySchema } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { serverMessageOr } from '@/lib/server-message';
import { ORDERS_QUERY_ROOT, trackOrder } from '../api/orders';
import { OrderDetails } from './order-details';
import './orders.css';

export const TRACK_FAILED = 'Could not look up your order. Please try again.';

export function TrackOrder() {
  const [params, setParams] = useSearchParams();
  const orderNumber = params.get('orderNumber') ?? '';
  const email = params.get('email') ?? '';
  const form = useForm({
    resolver: zodResolver(trackOrderQuerySchema),
    defaultValues: { orderNumber, email },
  });
  const lookup = useQuery({
    queryKey: [ORDERS_QUERY_ROOT, 'track', orderNumber, email],
    queryFn: ({ signal }) => trackOrder(orderNumber, email, signal),
    enabled: orderNumber !== '' && email !== '',
    retry: false,
    staleTime: 0,
  });

  const submit = form.handleSubmit((values) => {
    setParams({ orderNumber: values.orderNumber, email: values.email });
    if (values.orderNumber === orderNumber && values.email === email) void lookup.refetch();
  });
  const { errors } = form.formState;

  return (
    <div className="track-order">
      <form className="track-order-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Order number"
          autoComplete="off"
          required
          error={errors.orderNumber?.message}
          {...form.register('orderNumber')}
        />
        <Field
          label="E-mail used for the order"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" loading={lookup.isFetching}>
          Track Order
        </Button>
      </form>
      {lookup.isFetching && !lookup.data && <Spinner label="Looking up your order…" />}
      {lookup.isError && !lookup.isFetching && <Alert>{serverMessageOr(lookup.error, TRACK_FAILED)}</Alert>}
      {lookup.data && !lookup.isError && <OrderDetails order={lookup.data} />}
    </div>
  );
}
