// STUB (issue 3 replaces).
export function PrivacyPage() {
  return <h1>Privacy</h1>;
}

export function TermsPage() {
  return <h1>Terms</h1>;
}
