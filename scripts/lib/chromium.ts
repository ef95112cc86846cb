/**
 * The system Chromium for Playwright and Lighthouse; nothing downloads a
 * browser. CHROMIUM_PATH wins, else /usr/bin/chromium. When it is missing and
 * we are root on Debian, Debian's package is installed; otherwise we stop with
 * one line saying what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The machine has no internet: these keep Chromium from stalling on it. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-default-apps',
  '--no-default-browser-check',
  '--disable-dev-shm-usage',
];

/**
 * For the end-to-end suite only: one renderer process per browser tab instead
 * of one per site, and at most two. The suite's pages are all on localhost,
 * so site isolation buys it nothing, while starting renderers for every new
 * context cost about 15% of the suite's time on a 2-core machine. Performance
 * scripts keep a real browser's process model (CHROMIUM_ARGS alone).
 *
 * No host but the stack's own resolves, so no test can reach or depend on an
 * outside service: a third party's script (Tawk.to's embed, which the e2e
 * build configures) fails at once, as when a visitor's blocker stops it, and a
 * spec that needs it routes its own stub. Routing every context instead made
 * the browser hand each request of the suite to Playwright and back, about a
 * tenth of the stage's CPU.
 */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter',
  '--renderer-process-limit=2',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** The browser for measurements (Lighthouse, traces, screenshots): Debian's full Chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * The browser for the test suites: Debian's Chromium headless shell, the same
 * engine and version as the full browser without its windowing and GPU
 * process (what Playwright itself runs headless tests on). On this 2-core
 * machine it runs the same specs in a little over half the time. CHROMIUM_PATH
 * wins; without the shell (and no way to install it), the full browser.
 */
export function testChromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) || !existsSync('/usr/bin/chromium') ? HEADLESS_SHELL : '/usr/bin/chromium';
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function isDebian(): boolean {
  try {
    return /debian/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

/** Debian's package for each browser binary the scripts use. */
const PACKAGES: Record<string, string> = {
  '/usr/bin/chromium': 'chromium',
  [HEADLESS_SHELL]: 'chromium-headless-shell',
};

/** Whether a missing browser may be installed here: as root on Debian, with no CHROMIUM_PATH chosen. */
function mayInstall(): boolean {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && isDebian() && !process.env.CHROMIUM_PATH;
}

function ensureBinary(path: string): string {
  if (existsSync(path)) return path;
  const pkg = PACKAGES[path];
  if (pkg && mayInstall()) {
    console.info(`${path} not found: installing Debian's "${pkg}" package with apt-get…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(path)) return path;
  }
  console.error(
    `Chromium not found at ${path}: install it (Debian: "sudo apt-get install ${pkg ?? 'chromium'}") or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

/** The full browser, installed from Debian when missing (as root on Debian). */
export function ensureChromium(): string {
  return ensureBinary(chromiumPath());
}

/** The tests' browser (`testChromiumPath`), installed from Debian when missing (as root on Debian). */
export function ensureTestChromium(): string {
  // Installed when it can be; otherwise testChromiumPath falls back to the full browser.
  if (!existsSync(HEADLESS_SHELL) && mayInstall()) return ensureBinary(HEADLESS_SHELL);
  return ensureBinary(testChromiumPath());
}
