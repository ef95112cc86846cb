import { createContext, useContext } from 'react';
import type { AppRole } from '@/lib/supabase/database-aliases';
import type { AuthSession, SessionUser } from './session-user';

export type SignInResult =
  { ok: true } | { ok: false; reason: 'invalid-credentials' | 'rate-limited' | 'captcha-failed' | 'unexpected' };

export type SessionState = {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
  session: AuthSession | null;
  /** From user_roles; null without a role or when the lookup failed (the safe failure: no access). */
  role: AppRole | null;
  isAdmin: boolean;
  isClient: boolean;
  /** The session's assurance level: aal2 after a second factor in this session (docs/decisions/072-staff-second-factor.md). */
  currentLevel: 'aal1' | 'aal2';
  /** The account has a verified second factor, so its sessions must reach aal2. */
  hasVerifiedFactor: boolean;
  /** True until the session and, when signed in, the role are known. */
  loading: boolean;
  /** The session ended because the person signed out (not a visit while signed out). */
  endedByUser: boolean;
  /** `captchaToken`: the CAPTCHA's token, when the backend asks for one. */
  signIn: (email: string, password: string, captchaToken?: string) => Promise<SignInResult>;
  /**
   * The person pressed Sign out and it is under way: protected screens give
   * way to a "Signing out…" status, so nothing of theirs asks the server for
   * more (docs/decisions/175-signing-out-lets-requests-finish.md).
   */
  signingOut: boolean;
  /** The last sign-out could not reach the server; the session goes on. Cleared by the next attempt. */
  signOutFailed: boolean;
  /** Ends this browser's session; false when the server could not be reached. */
  signOut: () => Promise<boolean>;
};

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionBoundary>.');
  return value;
}
