/**
 * What the browser build gets instead of `@supabase/realtime-js`
 * (docs/decisions/219-realtime-left-out-of-the-browser-build.md).
 *
 * supabase-js builds a Realtime client in its constructor and passes it each
 * new access token, but this application never subscribes to anything:
 * notifications and messages are polled. The real client is about 15 KiB
 * (Brotli) of the JavaScript every signed-in page needs before its content,
 * so the build puts this class in its place. It accepts what supabase-js
 * gives it and refuses, loudly, any use of Realtime itself.
 */
const NOT_HERE =
  'Realtime is left out of this build (docs/decisions/219-realtime-left-out-of-the-browser-build.md): ' +
  'remove the build alias before subscribing to a channel.';

export class RealtimeClient {
  constructor(_endPoint: string, _options?: unknown) {}

  /** supabase-js hands every new access token (and none on sign-out) to Realtime. */
  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }

  channel(_topic: string, _options?: unknown): never {
    throw new Error(NOT_HERE);
  }

  getChannels(): [] {
    return [];
  }

  removeChannel(_channel: unknown): Promise<'ok'> {
    return Promise.resolve('ok');
  }

  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }
}
