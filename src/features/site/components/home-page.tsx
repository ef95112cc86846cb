import type { ReactNode } from 'react';

// STUB (issue 3 replaces).
export function HomePage({ contactForm }: { contactForm: ReactNode }) {
  return (
    <div>
      <h1>Home</h1>
      {contactForm}
    </div>
  );
}
