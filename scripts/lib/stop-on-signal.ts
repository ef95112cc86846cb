/**
 * Ends a local stack (`npm start`, the e2e stack) on Ctrl-C or SIGTERM
 * (Playwright's webServer shutdown): the site stops accepting requests, the
 * services stop in the order given (an in-memory backend then removes the
 * temporary directory its Storage kept uploads in), and the process exits.
 */
export function stopOnSignal(site: { close(): unknown }, ...services: { stop(): Promise<void> }[]): void {
  const shutdown = async () => {
    site.close();
    for (const service of services) await service.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown());
}
