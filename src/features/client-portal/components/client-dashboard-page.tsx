import { useState } from 'react';
import { BarChartIcon } from '@/components/icons/bar-chart';
import { DocumentIcon } from '@/components/icons/document';
import { ShoppingBagIcon } from '@/components/icons/shopping-bag';
import type { IconComponent } from '@/components/icons/icon';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { useSession } from '@/lib/session/session-context';

const cardIcons = {
  orders: ShoppingBagIcon,
  analytics: BarChartIcon,
  documents: DocumentIcon,
} satisfies Record<string, IconComponent>;

/** /client/dashboard and /fr/client/dashboard, behind the client guard. */
export default function ClientDashboardPage() {
  const { t, locale } = useI18n();
  const { user, signOut } = useSession();
  const [signOutState, setSignOutState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const text = t.auth.dashboard;

  const onSignOut = async () => {
    setSignOutState('pending');
    // On success the guard sends the person to the sign-in page in their language.
    const ok = await signOut();
    if (!ok) setSignOutState('failed');
  };

  return (
    <div className="bg-sand-50 py-10 md:py-14">
      <PageMeta
        title={`${text.metaTitle} | ${site.name}`}
        description={text.metaDescription}
        locale={locale}
        path={routePath('clientDashboard', locale)}
        noindex
      />
      <div className="mx-auto max-w-content px-4 sm:px-6">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <h1 className="font-serif text-3xl font-semibold text-ink md:text-4xl">{text.heading}</h1>
            <p className="mt-2 break-all text-lg text-ink-muted">{text.welcome(user?.email ?? '')}</p>
          </div>
          <Button variant="secondary" onClick={() => void onSignOut()} disabled={signOutState === 'pending'}>
            {signOutState === 'pending' ? text.signingOut : text.signOut}
          </Button>
        </div>
        {signOutState === 'failed' ? (
          <p
            role="alert"
            className="mt-4 rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
          >
            {text.signOutFailed}
          </p>
        ) : null}

        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {(['orders', 'analytics', 'documents'] as const).map((key) => {
            const CardIcon = cardIcons[key];
            return (
              <li key={key}>
                <Card className="h-full">
                  <CardHeader>
                    <div className="flex items-center justify-between gap-2">
                      <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                        <CardIcon />
                      </span>
                      <Badge>{text.comingSoon}</Badge>
                    </div>
                    <CardTitle as="h2" className="mt-2 text-lg">
                      {text.cards[key].title}
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <CardDescription>{text.cards[key].body}</CardDescription>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>

        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2" className="text-xl">
              {text.servicesTitle}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p className="text-ink-muted">{text.servicesBody}</p>
            <Button>{text.contactManager}</Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
