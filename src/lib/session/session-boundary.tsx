import type { ReactNode } from 'react';

// STUB (issue 4 replaces): AuthProvider around the signed-in areas.
export function SessionBoundary({ children }: { children: ReactNode }) {
  return children;
}

// STUB (issue 4 replaces): route guard by role.
export function RequireRole({ children }: { role: 'admin' | 'client'; children: ReactNode }) {
  return children;
}
