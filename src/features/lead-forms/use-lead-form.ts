import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import { fetchFormToken } from './api/lead-store';
import {
  LeadFieldsRejectedError,
  LeadRateLimitedError,
  showsFormError,
  type LeadOutcome,
  type LeadVariables,
} from './api/submit-lead';

/**
 * What both lead forms share: validate on submit then as the visitor fixes
 * things, focus the first invalid field (also when HubSpot refused a value),
 * one submission at a time, clear the form on success, keep every value on
 * failure, drop the success or error message as soon as a field is edited,
 * and time how long the form was usable before it was sent (a spam signal).
 *
 * The time that counts is the server's: the first time the visitor comes
 * near the form (pointer over it, a touch, focus, typing, or values typed
 * before the code took over), the form asks the database for a signed
 * timestamp, and the database measures from it when the lead arrives
 * (docs/decisions/122-lead-checks-the-server-makes.md). Nothing is fetched
 * before that, so a page whose visitor never approaches the form makes no
 * such request. A press on Send while it is on its way waits for it.
 */
export function useLeadForm<Input extends FieldValues, Output>({
  schema,
  empty,
  mutation,
  keepValues = false,
}: {
  schema: $ZodType<Output, Input>;
  empty: Input;
  mutation: UseMutationResult<LeadOutcome, unknown, LeadVariables<Output>>;
  /** Keep what was typed after a success (another part of the same submission may still need a retry). */
  keepValues?: boolean;
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

  // A prerendered form can be filled in before React owns it (the fields keep
  // what was typed and react-hook-form adopts it), but it cannot be sent: its
  // submit button stays disabled, which also stops Enter from submitting it
  // natively (docs/decisions/101-contact-form-code-loads-on-approach.md).
  const hydrated = useHydrated();
  // When the form became usable: a submission sooner than a person could fill it is a bot.
  const usableSince = useRef<number | null>(null);
  useEffect(() => {
    if (hydrated && usableSince.current === null) usableSince.current = Date.now();
  }, [hydrated]);

  // The server's form token: fetched once, on the first approach; a failed fetch is tried again at Send.
  const formToken = useRef<Promise<string | null> | null>(null);
  const approach = useCallback(() => {
    formToken.current ??= fetchFormToken().catch((error: unknown) => {
      console.warn('The form token could not be fetched.', error);
      return null;
    });
  }, []);
  const { getValues } = form;
  useEffect(() => {
    // Typed into the prerendered form before the code arrived: the visitor is already here.
    if (!hydrated) return;
    const typed = Object.values(getValues() as Record<string, unknown>).some(
      (value) => typeof value === 'string' && value !== '',
    );
    if (typed) approach();
  }, [hydrated, getValues, approach]);

  async function currentFormToken(): Promise<string | null> {
    approach();
    const token = await formToken.current;
    if (token !== null) return token;
    formToken.current = null;
    approach();
    return formToken.current;
  }

  // The fields are disabled while sending; a field HubSpot refused is focused
  // once they are enabled again (state, not a ref: the answer can arrive after
  // the render that enabled them).
  const [refused, setRefused] = useState<{ field: Path<Input> } | null>(null);
  const pending = mutation.isPending;
  const { setFocus } = form;
  useEffect(() => {
    if (!pending && refused) setFocus(refused.field);
  }, [pending, refused, setFocus]);

  /** Sends the lead; resolves to whether the visitor was told it was received. */
  async function send(values: Output): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    setRefused(null);
    const fillMs = Date.now() - (usableSince.current ?? Date.now());
    try {
      await mutateAsync({ values, fillMs, formToken: await currentFormToken() });
      if (!keepValues) form.reset(empty);
      usableSince.current = Date.now();
      // The next lead is timed from the next approach.
      formToken.current = null;
      return true;
    } catch (error) {
      // The mutation holds the error; the form keeps what was typed.
      if (error instanceof LeadFieldsRejectedError) {
        for (const { field, message } of error.fields) {
          form.setError(field as Path<Input>, { type: 'server', message });
        }
        const first = error.fields[0]?.field as Path<Input> | undefined;
        if (first) setRefused({ field: first });
      }
      return false;
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

  return {
    form,
    submit,
    /** Sends already-validated values (for a form that submits more than the lead). */
    send,
    pending,
    /** The submit button's state: off until hydrated and while sending (the fields are off only while sending). */
    inert: !hydrated || pending,
    /** The form-level error, unless the fields themselves say what to fix. */
    failed: mutation.isError && showsFormError(mutation.error),
    /** The failure is the per-client limit: say so, not "an error occurred". */
    limited: mutation.isError && mutation.error instanceof LeadRateLimitedError,
    /** For the form element: its first approach fetches the server's form token. */
    approachProps: { onPointerOver: approach, onPointerDown: approach, onFocus: approach, onInput: approach },
  };
}
