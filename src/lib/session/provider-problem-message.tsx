import { useI18n } from '@/i18n/i18n';
import type { ProviderProblem } from './oauth-return';

/** The message for a provider problem, in the page's language. */
export function ProviderProblemMessage({ problem }: { problem: ProviderProblem }) {
  const { t } = useI18n();
  return (
    <p role="alert" className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-danger">
      {t.auth.providers.problems[problem]}
    </p>
  );
}
