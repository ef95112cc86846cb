// Contract for the admin portal (issue 4): call while any /admin-portal page is
// mounted; the chat widget and launcher are hidden until it unmounts.
// Implemented by the lead-forms / integrations work (issue 5).
export function useHideChatWidget(): void {}
