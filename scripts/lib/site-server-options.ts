/**
 * How the production-build server answers, shared by `npm start`, the e2e
 * stack and `npm run perf`, so all three behave like the static host.
 */
import type { StaticServerOptions } from './static-server.ts';

export function siteServerOptions(_backendUrl: string): Pick<StaticServerOptions, 'headers' | 'statusFor'> {
  return {};
}
