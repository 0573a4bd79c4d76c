// The catalog's products as API.md's Product: prices in USD major units (the frontend converts).
import type { ProductDto } from '@printshop/shared-events/api/catalog';
import type { Product } from '@printshop/shared-events/rules/catalog';
import { toMajor } from '@printshop/shared-events/rules/money';

export function toProductDto(product: Product & { description?: string }): ProductDto {
  const images = product.images ?? [];
  return {
    sku: product.sku,
    name: product.name,
    category: product.category,
    family: product.family,
    price: toMajor(product.basePriceUsdCents, 'USD'),
    imageUrl: product.imageUrl,
    ...(images.length > 1 && { images: [...images] }),
    path: product.path,
    aspectRatio: product.cropAspectRatio,
    ...(product.description && { description: product.description }),
    ...(product.sizes && {
      sizes: product.sizes.map((size) => ({
        id: size.id,
        sku: size.sku,
        name: size.name,
        dimensions: size.dimensions,
        price: toMajor(size.priceUsdCents, 'USD'),
      })),
    }),
  };
}
