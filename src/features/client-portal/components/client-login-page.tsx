import type { ReactNode } from 'react';

// STUB (issue 4 replaces).
export default function ClientLoginPage({ requestForm }: { requestForm: ReactNode }) {
  return (
    <div>
      <h1>Client login</h1>
      {requestForm}
    </div>
  );
}
