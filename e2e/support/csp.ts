/**
 * Watching for Content-Security-Policy violations in a page: every
 * `securitypolicyviolation` event is recorded from the first script on.
 */
import { expect, type Page, type Response } from '@playwright/test';

export type Violation = { directive: string; blocked: string; source: string; sample: string };

export async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: Violation[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspViolations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
}

export async function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
}

/** The page was served with the site's policy. */
export function expectPolicy(response: Response | null) {
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, 'the page must be served with its policy').toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
}

/** Opens a page, checks it is served with its policy, and lets idle-time work run. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expectPolicy(response);
  await page.waitForLoadState('networkidle');
  // Idle-time work (analytics, integrations) runs after load.
  await page.waitForTimeout(300);
}
