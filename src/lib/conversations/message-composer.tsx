import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input, Textarea } from '@/components/ui/field';
import { z } from '@/lib/validation/zod';
import { MESSAGE_MAX, characterCount, sendErrorKind, type SendErrorKind } from './api';
import { bodySchema, subjectSchema, type MessageRuleTexts } from './message-schema';

/** A composer's words, in the page's language (the client's) or English (staff). */
export type ComposerTexts = {
  subject: string;
  body: string;
  /** "1,234 / 5,000 characters", given both numbers formatted for the page's language. */
  counter: (count: string, max: string) => string;
  send: string;
  sending: string;
  rules: MessageRuleTexts;
  failed: Record<SendErrorKind, string>;
};

type Values = { subject: string; body: string };

/**
 * A message box with its character counter, and a subject line when it
 * starts a conversation. What was typed stays on every error; the box
 * empties only once the server has the message.
 */
export function MessageComposer({
  texts,
  withSubject = false,
  onSend,
  locale,
  className,
  bodyRows = 5,
}: {
  texts: ComposerTexts;
  withSubject?: boolean;
  onSend: (values: Values) => Promise<unknown>;
  /** The BCP 47 tag for the counter's numbers. */
  locale: 'en-CA' | 'fr-CA';
  className?: string;
  bodyRows?: number;
}) {
  const id = useId();
  const [failure, setFailure] = useState<SendErrorKind | null>(null);
  const schema = z.object({
    subject: withSubject ? subjectSchema(texts.rules) : z.string(),
    body: bodySchema(texts.rules),
  });
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: { subject: '', body: '' },
  });
  const body = useWatch({ control, name: 'body' }) ?? '';
  const count = characterCount(body.trim());
  const over = count > MESSAGE_MAX;
  const numbers = new Intl.NumberFormat(locale);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSend(values);
      reset({ subject: '', body: '' });
    } catch (error) {
      setFailure(sendErrorKind(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={cn('space-y-4', className)}>
      {withSubject ? (
        <Field id={`${id}-subject`} label={texts.subject} error={errors.subject?.message}>
          {(aria) => <Input {...aria} autoComplete="off" {...register('subject')} />}
        </Field>
      ) : null}
      <Field id={`${id}-body`} label={texts.body} error={errors.body?.message}>
        {(aria) => (
          <>
            <Textarea
              {...aria}
              aria-describedby={[aria['aria-describedby'], `${id}-counter`].filter(Boolean).join(' ')}
              rows={bodyRows}
              {...register('body')}
            />
            <p
              id={`${id}-counter`}
              className={cn(
                'mt-1 text-right text-sm tabular-nums',
                over ? 'font-semibold text-danger' : 'text-ink-muted',
              )}
            >
              {texts.counter(numbers.format(count), numbers.format(MESSAGE_MAX))}
            </p>
          </>
        )}
      </Field>
      {failure ? (
        <p
          role="alert"
          className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          {texts.failed[failure]}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? texts.sending : texts.send}
        </Button>
      </div>
    </form>
  );
}
