// STUB (issue 3 replaces).
export default function BlogPage() {
  return <h1>BlogPage</h1>;
}
