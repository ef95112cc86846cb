// STUB (issue 3 replaces).
export default function SolutionsPage() {
  return <h1>SolutionsPage</h1>;
}
