// The template collage pages (spec 2 §2): the collage product of this path (or its alias) from the
// catalog, built by the collages feature. Other paths never reach here (router.tsx lists these).
import { Navigate, useLocation } from 'react-router';
import { productByPath } from '@printshop/shared-events/rules/catalog';
import { CollagePage } from '@/features/collages/components/collage-page';

export function Component() {
  const { pathname } = useLocation();
  const product = productByPath(pathname);
  if (!product?.collage) return <Navigate to="/" replace />;
  return <CollagePage key={product.path} product={product} template={product.collage} />;
}
