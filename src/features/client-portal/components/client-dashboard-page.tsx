// STUB (issue 4 replaces).
export default function ClientDashboardPage() {
  return <h1>Dashboard</h1>;
}
