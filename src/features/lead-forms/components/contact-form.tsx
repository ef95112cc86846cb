// STUB (issue 5 replaces).
export default function ContactForm() {
  return <p>Contact form</p>;
}
