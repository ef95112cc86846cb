/**
 * The phone the site's interactivity targets are measured on
 * (docs/decisions/100-no-lost-clicks-before-hydration.md): a mid-range phone
 * as Chromium's DevTools protocol emulates it, 4× CPU slowdown and a slow
 * mobile network. `npm run perf` and e2e/no-lost-clicks.spec.ts both apply it.
 */

export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  /** Bytes per second: 1.6 Mbit/s down, 750 kbit/s up. */
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  latencyMs: 150,
} as const;

/** The part of a CDP session this needs (Playwright's CDPSession fits). */
export type CdpSender = { send(method: string, params?: Record<string, unknown>): Promise<unknown> };

/** Applies the profile to a page's CDP session, before it navigates. */
export async function applyPhoneProfile(cdp: CdpSender): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadThroughput,
    uploadThroughput: PHONE_PROFILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
}
