/** Ports of the end-to-end stack, apart from `npm start`'s so both can run at once. */
export const E2E_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT || 54339);
export const E2E_SITE_PORT = Number(process.env.E2E_SITE_PORT || 4183);
export const E2E_SITE_URL = `http://localhost:${E2E_SITE_PORT}`;
export const E2E_BACKEND_URL = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
/** The e2e stack's local inbox (tests read confirmation and reset mails there). */
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT || E2E_BACKEND_PORT + 5);
export const E2E_MAIL_URL = `http://127.0.0.1:${E2E_MAIL_PORT}`;
