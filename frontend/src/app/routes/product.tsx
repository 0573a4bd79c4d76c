// A product page (spec 1 §2): the product by its path or an alias. Posters get the poster page,
// prints, strips and cards the upload-and-crop page (spec 2 §2); collages keep the shell below
// until their template pages take over. Every product page ends with its approved reviews.
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { productByPath, shortName } from '@printshop/shared-events/rules/catalog';
import { Icon } from '@/components/icon';
import { Price } from '@/components/price';
import { thumbnailOf } from '@/lib/thumbnail';
import { ProductHead } from '@/components/product-head';
import { CATEGORY_LINKS, sizeText } from '@/lib/product-page';
import { useDiscountScheme, useIsHidden, useLiveProduct } from '@/lib/catalog/live-catalog';
import { refreshCart } from '@/lib/cart/get-cart';
import { useCurrency } from '@/lib/currency/use-currency';
import { PosterPage } from '@/features/product-creation/posters/components/poster-page';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { StandardProductPage } from '@/features/product-creation/components/standard-product-page';
import '@/features/catalog/components/product-page.css';

/** A product the owner hid: its old links still land somewhere useful. */
function NoLongerAvailable({ name }: { name: string }) {
  return (
    <section className="product-page" aria-labelledby="unavailable-title">
      <h1 id="unavailable-title">{name}</h1>
      <p role="status">This product is no longer available.</p>
      <Link to="/">Back to the home page</Link>
    </section>
  );
}

export function Component() {
  const { pathname } = useLocation();
  // The owner's live prices, pictures, name and description win over the code's (and a prerendered
  // page's) once the list answers.
  const product = useLiveProduct(productByPath(pathname));
  const { formatCents } = useCurrency();
  const queryClient = useQueryClient();
  const onCartChanged = useCallback(() => void refreshCart(queryClient), [queryClient]);
  const isHidden = useIsHidden();
  const uploadPanelScheme = useDiscountScheme('upload-panel');
  if (!product) return <Navigate to="/" replace />;
  if (isHidden(product.sku)) return <NoLongerAvailable name={shortName(product.name)} />;
  const name = shortName(product.name);
  const reviews = <ProductReviews key={`reviews-${product.sku}`} sku={product.sku} name={name} />;
  if (product.family === 'posters')
    return (
      <>
        <PosterPage key={product.sku} product={product} onCartChanged={onCartChanged} />
        {reviews}
      </>
    );
  if (product.family !== 'collages')
    return (
      <>
        <StandardProductPage
          key={product.sku}
          product={product}
          onCartChanged={onCartChanged}
          scheme={uploadPanelScheme}
        />
        {reviews}
      </>
    );
  const category = CATEGORY_LINKS[product.family];
  const fromPrice = product.sizes
    ? Math.min(...product.sizes.map((s) => s.priceUsdCents))
    : product.basePriceUsdCents;

  return (
    <div className="product-page">
      <ProductHead
        product={product}
        description={`${name}: ${product.category.toLowerCase()} printed from your own photos, from ${formatCents(fromPrice)} per ${product.unit}.`}
        category={category}
      />
      <div className="product-page__grid">
        <div className="product-page__media">
          <img
            src={thumbnailOf(product.imageUrl, 1024)}
            alt={name}
            width={600}
            height={600}
            fetchPriority="high"
          />
        </div>
        <div className="product-page__info">
          {product.badge && <p className="product-page__badge">{product.badge}</p>}
          <h1 className="product-page__name">{name}</h1>
          <p className="product-page__price">
            {product.sizes ? 'From ' : ''}
            <strong data-testid="product-price">
              <Price>{formatCents(fromPrice)}</Price>
            </strong>
            <span> / {product.unit}</span>
          </p>
          <dl className="product-page__specs">
            <div>
              <dt>Print size</dt>
              <dd>{sizeText(product)}</dd>
            </div>
            {product.slots && (
              <div>
                <dt>Photos</dt>
                <dd>{product.slots}</dd>
              </div>
            )}
            {product.sizes && (
              <div>
                <dt>Sizes</dt>
                <dd>
                  {product.sizes.map((s, i) => (
                    <Fragment key={s.name}>
                      {i > 0 && ' · '}
                      {s.name} <Price>{formatCents(s.priceUsdCents)}</Price>
                    </Fragment>
                  ))}
                </dd>
              </div>
            )}
            {product.colour && (
              <div>
                <dt>Frame</dt>
                <dd>{product.colour === 'white' ? 'White' : 'Black'}</dd>
              </div>
            )}
          </dl>
          <div className="product-page__upload" role="note">
            <Icon name="camera" size={30} />
            <div>
              <strong>Coming soon: upload and crop</strong>
              <p>Soon you will upload your photos here, crop them to fit and add them to your cart.</p>
            </div>
          </div>
        </div>
      </div>
      {reviews}
    </div>
  );
}
