import { useReducer } from 'react';
import { PageMeta } from '@/components/page-meta';
import { Toaster } from '@/components/ui/toast';
import { routePath } from '@/config/paths';
import { gateReducer, initialGateState } from '../simple-admin-state';
import { PasswordGate } from './password-gate';
import { SimpleAdminPanel } from './simple-admin-panel';

/**
 * /simple-admin: a password gate, then the flag panel
 * (docs/decisions/002-simple-admin-password-in-the-database.md). English, staff only.
 */
export default function SimpleAdminPage() {
  const [state, dispatch] = useReducer(gateReducer, initialGateState);
  return (
    <Toaster>
      <PageMeta
        title="Simple Admin"
        description="Staff page to switch site sections and features."
        locale="en"
        path={routePath('simpleAdmin', 'en')}
        noindex
        alternates={false}
      />
      <main className="min-h-screen bg-sand-50 px-4 py-12 md:py-16">
        {state.status === 'unlocked' ? (
          <SimpleAdminPanel password={state.password} dispatch={dispatch} />
        ) : (
          <PasswordGate checking={state.checking} error={state.error} dispatch={dispatch} />
        )}
      </main>
    </Toaster>
  );
}
