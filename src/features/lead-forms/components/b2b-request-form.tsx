// STUB (issue 5 replaces).
export default function B2BRequestForm() {
  return <p>B2B request form</p>;
}
