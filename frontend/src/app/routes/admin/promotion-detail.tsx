// /admin/promotions/:code
import { useParams } from 'react-router';
import { PromotionDetailView } from '@/features/admin/promotions/components/promotion-detail';

export function Component() {
  const { code = '' } = useParams();
  return <PromotionDetailView key={code} code={code} />;
}
