// STUB (issue 3 replaces).
export default function NewsPage() {
  return <h1>NewsPage</h1>;
}
