// STUB (issue 4 replaces).
export default function AdminPortalRoutes() {
  return <h1>Admin Portal</h1>;
}
