/**
 * A product page's schema.org `Product` (JSON-LD), for search engines: what
 * the page shows, never a price or an offer (prices are for signed-in
 * clients only).
 */
import type { ProductData } from '@/lib/catalogue/catalogue-content';

export function productJsonLd(product: ProductData, siteUrl: string, categoryName: string): string {
  const absolute = (src: string) => (src.startsWith('/') ? `${siteUrl}${src}` : src);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.shortDescription || undefined,
    sku: product.sku,
    brand: { '@type': 'Brand', name: product.brand },
    category: categoryName,
    url: `${siteUrl}${product.path}`,
    image: product.images.length > 0 ? product.images.map((image) => absolute(image.src)) : undefined,
    countryOfOrigin: { '@type': 'Country', name: product.originCountry },
  };
  // Inside a <script> element: nothing may close it or open a comment.
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
