/**
 * Ports of the end-to-end stack, apart from `npm start`'s so both can run at
 * once, and below Linux's ephemeral range (32768–60999): a port in it can be
 * held for a moment by any outgoing connection's local end, and the stack
 * would then fail to start (docs/decisions/106-green-on-any-machine.md).
 */
export const E2E_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT || 24339);
export const E2E_SITE_PORT = Number(process.env.E2E_SITE_PORT || 4183);
export const E2E_SITE_URL = `http://localhost:${E2E_SITE_PORT}`;
export const E2E_BACKEND_URL = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
/** The e2e stack's local inbox (tests read confirmation and reset mails there). */
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT || E2E_BACKEND_PORT + 5);
export const E2E_MAIL_URL = `http://127.0.0.1:${E2E_MAIL_PORT}`;
