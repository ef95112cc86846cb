import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { uploadContentImage } from '@/features/admin-portal/content/api/content';
import type { ContentFormValues } from '@/features/admin-portal/content/content-form';
import { ImageRefused, prepareImage } from '@/features/admin-portal/content/image-upload';
import { rememberUploadedImage, useStoredImageSrc } from '@/features/admin-portal/content/stored-image';

/** The item's one image, shared by both languages: upload (resized first), replace or remove. */
export function ImageField({
  control,
  form,
  formId,
  disabled,
}: {
  control: Control<ContentFormValues>;
  form: UseFormReturn<ContentFormValues>;
  formId: string;
  disabled: boolean;
}) {
  const image = useWatch({ control, name: 'image' });
  const src = useStoredImageSrc(image?.path);
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const input = useRef<HTMLInputElement>(null);
  const serverError = form.formState.errors.image?.message;
  const errorText = state.error ?? serverError ?? null;
  const id = `${formId}-image`;
  return (
    <div className="mt-6">
      <p className="mb-1 text-sm font-semibold text-ink" id={`${id}-label`}>
        Image
      </p>
      <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
        JPEG, PNG, WebP or AVIF. Large photos are resized to 1,600 px wide before upload. Alt text is set in each
        language.
      </p>
      {image ? (
        <figure className="mb-3 max-w-sm">
          {src ? (
            <img
              src={src}
              width={image.width}
              height={image.height}
              alt=""
              className="h-auto w-full rounded-lg ring-1 ring-sand-200"
            />
          ) : (
            <div className="aspect-[3/2] w-full rounded-lg bg-sand-100" />
          )}
          <figcaption className="mt-1 text-sm text-ink-muted" data-testid="image-size">
            {image.width} × {image.height} px
          </figcaption>
        </figure>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${errorText ? ` ${id}-error` : ''}`}
          disabled={disabled || state.busy}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setState({ busy: true, error: null });
            try {
              const prepared = await prepareImage(file);
              const path = await uploadContentImage(prepared.blob, prepared.extension);
              await rememberUploadedImage(queryClient, path, prepared.blob);
              form.setValue('image', { path, width: prepared.width, height: prepared.height }, { shouldDirty: true });
              form.clearErrors('image');
              setState({ busy: false, error: null });
            } catch (error) {
              setState({
                busy: false,
                error:
                  error instanceof ImageRefused
                    ? error.message
                    : `The image was not uploaded: ${error instanceof Error ? error.message : 'unknown error'}.`,
              });
            }
          }}
        />
        <Button variant="secondary" disabled={disabled || state.busy} onClick={() => input.current?.click()}>
          {state.busy ? 'Uploading…' : image ? 'Replace image' : 'Upload image'}
        </Button>
        {image ? (
          <Button
            variant="ghost"
            disabled={disabled || state.busy}
            onClick={() => form.setValue('image', null, { shouldDirty: true })}
          >
            Remove image
          </Button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`}>{errorText}</FieldError>
    </div>
  );
}
