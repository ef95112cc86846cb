import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useHydrated } from '@/lib/session/use-hydrated';

/**
 * What both lead forms share (spec 4): validate on submit then as the visitor
 * fixes things, focus the first invalid field, one submission at a time,
 * clear the form on success, keep every value on failure, and drop the
 * success or error message as soon as a field is edited.
 */
export function useLeadForm<Input extends FieldValues, Output>({
  schema,
  empty,
  mutation,
}: {
  schema: z.ZodType<Output, Input>;
  empty: Input;
  mutation: UseMutationResult<void, unknown, Output>;
}) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    // No defaultValues on purpose: react-hook-form then adopts what is in the
    // fields when it registers them (e.g. restored by the browser) instead of
    // blanking them.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  // A ref, not state: two clicks in the same frame must not both get through.
  const inFlight = useRef(false);
  const { reset: resetMutation, mutateAsync } = mutation;
  const hasOutcome = mutation.isError || mutation.isSuccess;
  const hasOutcomeRef = useRef(hasOutcome);
  useEffect(() => {
    hasOutcomeRef.current = hasOutcome;
  }, [hasOutcome]);

  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          // Only the visitor's edits: reset() after a success must not hide the message.
          if (type === 'change' && hasOutcomeRef.current) resetMutation();
        },
      }),
    [subscribe, resetMutation],
  );

  async function send(values: Output) {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await mutateAsync(values);
      form.reset(empty);
    } catch {
      // The mutation holds the error; the form keeps what was typed.
    } finally {
      inFlight.current = false;
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(send)(event);
  }

  // A prerendered form stays inert until React owns it: typing into it could
  // be thrown away if React re-renders the lazy boundary from scratch, and a
  // press would be a native GET putting the lead in the URL.
  const hydrated = useHydrated();

  return { form, submit, pending: mutation.isPending, inert: !hydrated || mutation.isPending };
}
