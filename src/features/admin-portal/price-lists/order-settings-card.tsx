import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { parseAmount } from './price-input';
import { addHoliday, priceListQueries, removeHoliday, setMinimumOrderValue } from './price-lists-api';

const CURRENCIES = ['CAD', 'USD'] as const;

/**
 * Settings → Ordering: the minimum order value per currency, and the
 * business holidays that delivery dates skip (besides weekends).
 */
export function OrderSettingsCard() {
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-xl font-semibold text-ink">Ordering</h2>
      <p className="mt-1 text-sm text-ink-muted">
        What every client order must reach, and the days no delivery is planned.
      </p>
      <MinimumsSection />
      <HolidaysSection />
    </Card>
  );
}

function MinimumsSection() {
  const settings = useQuery(priceListQueries.settings());
  const known = new Map((settings.data ?? []).map((row) => [row.currency, Number(row.minimum_order_value)]));
  return (
    <section className="mt-4" aria-label="Minimum order value">
      <h3 className="text-lg font-semibold text-ink">Minimum order value</h3>
      {settings.error ? <p className="text-danger">The minimums could not be loaded.</p> : null}
      {settings.isSuccess ? (
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {CURRENCIES.map((currency) => (
            <MinimumForm key={currency} currency={currency} value={known.get(currency) ?? 0} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function MinimumForm({ currency, value }: { currency: string; value: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [text, setText] = useState(value.toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (amount: number) => setMinimumOrderValue(currency, amount),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: priceListQueries.settings().queryKey });
      toast({ title: `Minimum order in ${currency} saved.`, variant: 'success' });
    },
    onError: (error) => setProblem(`Not saved: ${error.message}`),
  });
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const amount = parseAmount(text, { allowZero: true });
        if (amount === null) {
          setProblem('Enter an amount of zero or more, with at most two decimals.');
          return;
        }
        setProblem(null);
        save.mutate(amount);
      }}
    >
      <Field id={`${id}-min`} label={`In ${currency}`} error={problem ?? undefined} className="min-w-0 flex-1">
        {(aria) => (
          <Input {...aria} inputMode="decimal" value={text} onChange={(event) => setText(event.target.value)} />
        )}
      </Field>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Save<span className="sr-only"> the minimum in {currency}</span>
      </Button>
    </form>
  );
}

function HolidaysSection() {
  const id = useId();
  const holidays = useQuery(priceListQueries.holidays());
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: priceListQueries.holidays().queryKey });
  const add = useMutation({
    mutationFn: () => addHoliday(day, name.trim()),
    onSuccess: async () => {
      await refresh();
      toast({ title: `${name.trim()} added.`, variant: 'success' });
      setDay('');
      setName('');
    },
    onError: (error) => setProblem(`Not added: ${error.message}`),
  });
  const remove = useMutation({
    mutationFn: (which: string) => removeHoliday(which),
    onSuccess: () => refresh(),
    onError: (error) => toast({ title: 'The holiday was not removed.', description: error.message, variant: 'error' }),
  });
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = (holidays.data ?? []).filter((h) => h.day >= today);
  return (
    <section className="mt-6" aria-label="Business holidays">
      <h3 className="text-lg font-semibold text-ink">Business holidays</h3>
      {holidays.error ? <p className="text-danger">The holidays could not be loaded.</p> : null}
      <ul className="mt-2 divide-y divide-sand-200 text-sm" aria-label="Upcoming business holidays">
        {upcoming.map((holiday) => (
          <li key={holiday.day} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="break-words">
              <time dateTime={holiday.day}>
                {new Date(`${holiday.day}T12:00:00Z`).toLocaleDateString('en-CA', {
                  dateStyle: 'medium',
                  timeZone: 'UTC',
                })}
              </time>{' '}
              — {holiday.name}
            </span>
            <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(holiday.day)}>
              Remove<span className="sr-only"> {holiday.name}</span>
            </Button>
          </li>
        ))}
        {holidays.isSuccess && upcoming.length === 0 ? (
          <li className="py-2 text-ink-muted">No upcoming holidays.</li>
        ) : null}
      </ul>
      <form
        noValidate
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !name.trim()) {
            setProblem('Enter the day and the holiday’s name.');
            return;
          }
          setProblem(null);
          add.mutate();
        }}
      >
        <Field id={`${id}-day`} label="Day">
          {(aria) => <Input {...aria} type="date" value={day} onChange={(event) => setDay(event.target.value)} />}
        </Field>
        <Field id={`${id}-name`} label="Name" className="min-w-0 flex-1">
          {(aria) => <Input {...aria} maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Add holiday
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
