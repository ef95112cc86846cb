// STUB (issue 4 replaces).
export default function SimpleAdminPage() {
  return <h1>Simple admin</h1>;
}
