// Node-side suites (local backend, RLS, scripts) need no global setup yet.
export {};
