import { useId } from 'react';
import { Field, Input } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { checkPasswordPolicy, passwordRuleText, PASSWORD_RULES } from './password-policy';

/** The password policy as a live checklist, announced politely as it changes. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useI18n();
  const text = t.auth.request;
  const policy = checkPasswordPolicy(password);
  const rules: Array<[boolean, string]> = PASSWORD_RULES.map(({ rule }) => [
    policy.rules[rule],
    passwordRuleText(rule, text.ruleTexts),
  ]);
  return (
    <div id={id} className="mt-2 text-sm" aria-live="polite">
      <p className="text-ink-muted">{text.rules}</p>
      <ul className="mt-1 space-y-1">
        {rules.map(([met, label]) => (
          <li key={label} className={met ? 'text-brand-700' : 'text-ink-muted'} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {label}{' '}
            <span className="sr-only">({met ? text.ruleMet : text.ruleNotMet})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A new password (request access, reset): the field with its live checklist,
 * which the field names as its description so a screen reader reads the rules.
 */
export function NewPasswordField({
  label,
  hint,
  error,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
}) {
  const id = useId();
  return (
    <Field id={`${id}-password`} label={label} hint={hint} error={error}>
      {(aria) => (
        <>
          <Input
            {...aria}
            type="password"
            autoComplete="new-password"
            value={value}
            readOnly={readOnly}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={[aria['aria-describedby'], `${id}-rules`].filter(Boolean).join(' ')}
          />
          <PasswordChecklist password={value} id={`${id}-rules`} />
        </>
      )}
    </Field>
  );
}
