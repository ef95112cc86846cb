// STUB (issue 3 replaces).
export default function ArticlePage() {
  return <h1>ArticlePage</h1>;
}
