import { Navigate } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { SignInForm } from '@/lib/session/sign-in-form';
import { useSignedInDestination } from '@/lib/session/use-signed-in-destination';

/** /admin/login and /fr/admin/login: the one sign-in page for every account (D1, D14). */
export default function SignInPage() {
  const { t, locale } = useI18n();
  const destination = useSignedInDestination();
  if (destination) return <Navigate to={destination} replace />;
  return (
    <div className="bg-sand-50 px-4 py-12 md:py-20">
      <PageMeta
        title={`${t.auth.signIn.metaTitle} | ${site.name}`}
        description={t.auth.signIn.metaDescription}
        locale={locale}
        path={paths.signIn(locale)}
        noindex
      />
      <div className="mx-auto w-full max-w-md">
        <Card className="p-6 md:p-8">
          <h1 className="font-serif text-3xl font-semibold text-ink">{t.auth.signIn.heading}</h1>
          <p className="mb-6 mt-2 text-ink-muted">{t.auth.signIn.intro}</p>
          <SignInForm />
        </Card>
      </div>
    </div>
  );
}
