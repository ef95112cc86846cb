import { memo } from 'react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import type { ProductCard } from '@/lib/catalogue/catalogue-content';
import { useCatalogueMessages } from '../use-catalogue-messages';
import { CatalogueImg, CertificationBadges, usePackText } from './catalogue-parts';

/** One product's card: picture, name, short description, origin, pack, storage, certifications. */
const ProductCardItem = memo(function ProductCardItem({ product, hidden }: { product: ProductCard; hidden: boolean }) {
  const text = useCatalogueMessages();
  const pack = usePackText();
  return (
    <li
      hidden={hidden}
      // The utility classes would override the attribute's display: none.
      className={cn(
        // Cards off screen skip layout and paint until they near it (a category may list hundreds).
        'relative min-w-0 flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white transition-shadow [contain-intrinsic-size:auto_24rem] [content-visibility:auto] hover:shadow-lg',
        hidden ? 'hidden' : 'flex',
      )}
    >
      {product.image ? <CatalogueImg image={product.image} className="aspect-[3/2] w-full object-cover" /> : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="font-serif text-lg font-bold leading-snug text-brand-900">
          <Link
            to={product.path}
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {product.name}
          </Link>
        </h3>
        {product.shortDescription ? (
          <p className="text-sm leading-relaxed text-ink-muted">{product.shortDescription}</p>
        ) : null}
        <dl className="mt-auto grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-ink">{text.product.origin}</dt>
          <dd className="text-ink-muted">
            {product.originRegion ? `${product.originRegion}, ${product.originCountryName}` : product.originCountryName}
          </dd>
          <dt className="font-semibold text-ink">{text.product.pack}</dt>
          <dd className="text-ink-muted">{pack(product)}</dd>
          <dt className="font-semibold text-ink">{text.product.storage}</dt>
          <dd className="text-ink-muted">{text.storage[product.storage]}</dd>
        </dl>
        <CertificationBadges codes={product.certifications} />
      </div>
    </li>
  );
});

/**
 * The products of a category page as cards. A filter hides the cards it
 * leaves out instead of removing them: widening it again on a page of
 * hundreds of products shows them without building their markup anew, and
 * each card re-renders only when it is shown or hidden.
 */
export function ProductCardGrid({ products, shown }: { products: readonly ProductCard[]; shown: ReadonlySet<string> }) {
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-6 sm:grid-cols-2 xl:grid-cols-3">
      {products.map((product) => (
        <ProductCardItem key={product.id} product={product} hidden={!shown.has(product.id)} />
      ))}
    </ul>
  );
}
