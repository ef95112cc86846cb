import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { useSession } from '@/lib/session/session-context';
import { z } from '@/lib/validation/zod';
import { companyQueries } from '@/features/admin-portal/companies/companies-api';
import { saveStaffContact, staffProfileQueries, type StaffContact } from './staff-profiles-api';

export const staffContactSchema = z.object({
  display_name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the name clients see.'),
      z.maxLength(100, 'The name can be at most 100 characters.'),
    ),
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(255, 'The address can be at most 255 characters.')),
    z.email('Enter an email address like name@example.com.'),
  ),
  phone: z.string().check(z.trim(), z.maxLength(50, 'The phone number can be at most 50 characters.')),
});

type Values = z.infer<typeof staffContactSchema>;

/**
 * Settings → "Your contact details for clients": the name, email and phone a
 * client sees for its account manager. Only a staff member with a profile can
 * be chosen as a company's account manager.
 */
export function StaffContactCard() {
  const session = useSession();
  const userId = session.user?.id ?? '';
  const profile = useQuery({
    ...staffProfileQueries.own(userId),
    enabled: session.currentLevel === 'aal2' && !!userId,
  });
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-xl font-semibold text-ink">Your contact details for clients</h2>
      <p className="mt-1 text-ink-muted">
        Clients of the companies you manage see these as their account manager’s name, email and phone. You can be
        chosen as an account manager once they are saved.
      </p>
      {session.currentLevel !== 'aal2' ? (
        <p className="mt-3 text-ink-muted">Verify your second factor to see and change them.</p>
      ) : profile.isPending ? (
        <p role="status" className="mt-3 text-ink-muted">
          Loading your details…
        </p>
      ) : profile.error ? (
        <p role="alert" className="mt-3 text-danger">
          Your details could not be loaded.
        </p>
      ) : (
        <StaffContactForm userId={userId} saved={profile.data} fallbackEmail={session.user?.email ?? ''} />
      )}
    </Card>
  );
}

function StaffContactForm({
  userId,
  saved,
  fallbackEmail,
}: {
  userId: string;
  saved: StaffContact | null;
  fallbackEmail: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(staffContactSchema),
    defaultValues: {
      display_name: saved?.display_name ?? '',
      email: saved?.email ?? fallbackEmail,
      phone: saved?.phone ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await saveStaffContact(userId, saved !== null, {
        display_name: values.display_name,
        email: values.email,
        phone: values.phone || null,
      });
      await queryClient.invalidateQueries({ queryKey: companyQueries.all() });
      setOutcome({ ok: true, text: 'Saved. Your clients see these details.' });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : 'Your details could not be saved.' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4" aria-label="Contact details">
      <Field id={`${id}-name`} label="Name shown to clients" error={errors.display_name?.message}>
        {(aria) => <Input {...aria} autoComplete="name" maxLength={100} {...register('display_name')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-email`} label="Email clients write to" error={errors.email?.message}>
          {(aria) => <Input {...aria} type="email" autoComplete="email" maxLength={255} {...register('email')} />}
        </Field>
        <Field id={`${id}-phone`} label="Phone (optional)" error={errors.phone?.message}>
          {(aria) => <Input {...aria} type="tel" autoComplete="tel" maxLength={50} {...register('phone')} />}
        </Field>
      </div>
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-ink' : 'text-danger'}>
          {outcome.text}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : saved ? 'Save contact details' : 'Save and become available as account manager'}
        </Button>
      </div>
    </form>
  );
}
