import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FieldError, Input } from '@/components/ui/field';
import { ImageRefused, prepareImage } from '@/features/admin-portal/content/image-upload';
import { rememberUploadedImage, useStoredImageSrc } from '@/features/admin-portal/content/stored-image';
import {
  addProductImage,
  PRODUCT_BUCKET,
  productEditorQueries,
  removeProductImage,
  updateProductImage,
  type ProductImage,
} from './product-editor-api';
import { describeError } from './product-form';

const ALT_MAX = 300;

function ImageRow({
  image,
  index,
  count,
  disabled,
  onMove,
  onRemove,
  onSaveAlt,
}: {
  image: ProductImage;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  onSaveAlt: (alt: { alt_en: string; alt_fr: string }) => Promise<boolean>;
}) {
  const src = useStoredImageSrc(image.storage_path, PRODUCT_BUCKET);
  const [alt, setAlt] = useState({ alt_en: image.alt_en, alt_fr: image.alt_fr });
  const changed = alt.alt_en !== image.alt_en || alt.alt_fr !== image.alt_fr;
  const tooLong = (value: string) => (value.length > ALT_MAX ? `At most ${ALT_MAX} characters.` : undefined);
  const label = `Image ${index + 1}${index === 0 ? ' (main image)' : ''}`;
  const id = `product-image-${image.id}`;
  return (
    <li className="grid gap-4 border-t border-sand-200 py-4 first:border-t-0 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <figure className="min-w-0">
        {src ? (
          <img
            src={src}
            width={image.width}
            height={image.height}
            alt=""
            className="h-auto w-full max-w-40 rounded-md ring-1 ring-sand-200"
          />
        ) : (
          <div className="aspect-square w-full max-w-40 rounded-md bg-sand-100" />
        )}
        <figcaption className="mt-1 text-sm text-ink-muted">
          <span className="font-semibold text-ink">{label}</span>
          <span className="block" data-testid="product-image-size">
            {image.width} × {image.height} px
          </span>
        </figcaption>
      </figure>
      <div className="grid min-w-0 gap-3">
        <div className="grid gap-3 md:grid-cols-2">
          <Field id={`${id}-alt-en`} label={`Alt text (English), ${label.toLowerCase()}`} error={tooLong(alt.alt_en)}>
            {(aria) => (
              <Input
                {...aria}
                lang="en"
                value={alt.alt_en}
                disabled={disabled}
                onChange={(e) => setAlt({ ...alt, alt_en: e.target.value })}
              />
            )}
          </Field>
          <Field id={`${id}-alt-fr`} label={`Alt text (French), ${label.toLowerCase()}`} error={tooLong(alt.alt_fr)}>
            {(aria) => (
              <Input
                {...aria}
                lang="fr"
                value={alt.alt_fr}
                disabled={disabled}
                onChange={(e) => setAlt({ ...alt, alt_fr: e.target.value })}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={disabled || !changed || Boolean(tooLong(alt.alt_en) || tooLong(alt.alt_fr))}
            onClick={() => void onSaveAlt({ alt_en: alt.alt_en.trim(), alt_fr: alt.alt_fr.trim() })}
          >
            Save alt texts<span className="sr-only"> of {label.toLowerCase()}</span>
          </Button>
          <Button size="sm" variant="secondary" disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
            Move up<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            Move down<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
          <Button size="sm" variant="ghost" disabled={disabled} onClick={onRemove}>
            Remove<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The product's pictures: upload (resized in the browser first), alt texts, order (the first is the main one), removal. */
export function ProductImages({ productId, disabled }: { productId: string; disabled: boolean }) {
  const images = useQuery(productEditorQueries.images(productId));
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = images.data ?? [];
  const id = `product-images-${productId}`;

  const act = async (label: string, work: () => Promise<unknown>, success: string) => {
    setBusy(label);
    setError(null);
    setDone(null);
    try {
      await work();
      setDone(success);
      return true;
    } catch (failure) {
      setError(
        failure instanceof ImageRefused
          ? failure.message
          : `${label === 'upload' ? 'The image was not uploaded' : 'Not saved'}: ${describeError(failure)}`,
      );
      return false;
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: productEditorQueries.images(productId).queryKey });
      void queryClient.invalidateQueries({ queryKey: productEditorQueries.audit(productId).queryKey });
    }
  };

  const move = (from: number, to: number) =>
    act(
      'move',
      async () => {
        const order = [...list];
        const [moved] = order.splice(from, 1);
        if (!moved) return;
        order.splice(to, 0, moved);
        for (const [index, image] of order.entries()) {
          if (image.sort_order !== index) await updateProductImage(image.id, { sort_order: index });
        }
      },
      to === 0 ? 'Moved: it is now the main image.' : 'Order saved.',
    );

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink" id={`${id}-label`}>
        Images
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        JPEG, PNG, WebP or AVIF. Large photos are resized to 1,600 px wide before upload. The first image is the
        product’s main image. Changes here are saved at once.
      </p>
      {images.error ? <p className="mt-2 text-danger">The images could not be loaded.</p> : null}
      <ol className="mt-3" aria-label="Product images">
        {list.map((image, index) => (
          <ImageRow
            key={`${image.id}-${image.alt_en}-${image.alt_fr}`}
            image={image}
            index={index}
            count={list.length}
            disabled={disabled || busy !== null}
            onMove={(to) => void move(index, to)}
            onRemove={() => void act('remove', () => removeProductImage(image), 'Image removed.')}
            onSaveAlt={(alt) => act('alt', () => updateProductImage(image.id, alt), 'Alt texts saved.')}
          />
        ))}
      </ol>
      {images.isSuccess && list.length === 0 ? <p className="mt-2 text-ink-muted">No image yet.</p> : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          disabled={disabled || busy !== null}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            await act(
              'upload',
              async () => {
                const prepared = await prepareImage(file);
                const next = list.reduce((max, image) => Math.max(max, image.sort_order + 1), 0);
                const row = await addProductImage(productId, prepared, Math.min(next, 10_000));
                await rememberUploadedImage(queryClient, row.storage_path, prepared.blob, PRODUCT_BUCKET);
              },
              'Image uploaded. Add its alt text in both languages.',
            );
          }}
        />
        <Button variant="secondary" disabled={disabled || busy !== null} onClick={() => input.current?.click()}>
          {busy === 'upload' ? 'Uploading…' : 'Upload image'}
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <p role="status" className="mt-2 text-sm text-brand-700">
        {done}
      </p>
    </Card>
  );
}
