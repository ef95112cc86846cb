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
 */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter',
  '--renderer-process-limit=2',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

function isDebian(): boolean {
  try {
    return /debian/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

export function ensureChromium(): string {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && isDebian() && !process.env.CHROMIUM_PATH) {
    console.info('Chromium not found: installing Debian\'s "chromium" package with apt-get…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(path)) return path;
  }
  console.error(
    `Chromium not found at ${path}: install it (Debian: "sudo apt-get install chromium") or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
