/**
 * The session's query keys, in a module of their own: the early start of a
 * signed-in page (src/app/early-start.ts) asks for the role under the same key
 * without loading the session's screens.
 */

export const sessionKeys = {
  all: () => ['session'] as const,
  role: (userId: string) => [...sessionKeys.all(), 'role', userId] as const,
};
