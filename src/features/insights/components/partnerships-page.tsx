// STUB (issue 3 replaces).
export default function PartnershipsPage() {
  return <h1>PartnershipsPage</h1>;
}
