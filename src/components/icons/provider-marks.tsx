/** The providers' marks on "Continue with …" buttons: decorative, the button's text names the provider. */

export function MicrosoftMark() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 18 18">
      <rect x="0" y="0" width="8.5" height="8.5" fill="#f25022" />
      <rect x="9.5" y="0" width="8.5" height="8.5" fill="#7fba00" />
      <rect x="0" y="9.5" width="8.5" height="8.5" fill="#00a4ef" />
      <rect x="9.5" y="9.5" width="8.5" height="8.5" fill="#ffb900" />
    </svg>
  );
}

/** A four-colour "G": arcs of one ring and the bar, drawn with strokes. */
export function GoogleMark() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 18 18" fill="none" strokeWidth="3.4">
      <path d="M15.2 4.6A7.3 7.3 0 0 0 3.2 4.7" stroke="#ea4335" />
      <path d="M3.2 4.7a7.3 7.3 0 0 0 0 8.6" stroke="#fbbc05" />
      <path d="M3.2 13.3a7.3 7.3 0 0 0 11.4.7" stroke="#34a853" />
      <path d="M14.6 14a7.3 7.3 0 0 0 1.7-5H9" stroke="#4285f4" />
    </svg>
  );
}

/** Each provider's mark, by its GoTrue name. */
export const providerMarks = { azure: MicrosoftMark, google: GoogleMark } as const;
