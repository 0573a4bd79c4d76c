// /admin/orders/:orderId
import { useParams } from 'react-router';
import { OrderDetailView } from '@/features/admin/orders/components/order-detail-view';

export function Component() {
  const { orderId = '' } = useParams();
  return <OrderDetailView key={orderId} orderId={orderId} />;
}
