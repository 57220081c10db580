/**
 * Modules that only declare (schemas, constants, functions), so importing one runs nothing:
 * `src/api`; and the media library's calls, the website client's, the dock's Twitch and the studio's
 * developer calls and the ETag draft, with the doors that re-export them. The bundler leaves out whole such a module that a page imports through its door and
 * does not use (`treeshake.moduleSideEffects`), and the overlay's shared chunk takes one in only
 * as a dependency of what the page uses (`overlaySharedChunk`). The overlay page reaches
 * `createMediaClient.ts` through `src/client`'s door but never calls it: without this, the home
 * page's use of it put it in the page's chunk (0.36 KB gzipped more for every overlay).
 */
export function declaresOnly(id: string): boolean {
  const path = id.replace(/\\/g, '/');
  return /\/src\/api\//.test(path) || DECLARING_FILES.some((file) => path.endsWith(file));
}

const DECLARING_FILES = [
  '/src/client/http/index.ts',
  '/src/client/http/createMediaClient.ts',
  // The dock's Twitch line and the studio's developer routes.
  '/src/client/http/fetchTwitchState.ts',
  '/src/client/http/createDevClient.ts',
  // The website client (the home page's calls) and the ETag draft: the overlay page never calls them either.
  '/src/client/http/createApiSender.ts',
  '/src/client/http/createWebsiteClient.ts',
  '/src/client/http/profileCalls.ts',
  '/src/client/http/layoutCalls.ts',
  '/src/client/http/twitchCalls.ts',
  '/src/client/http/sessionCalls.ts',
  '/src/client/draft/index.ts',
  '/src/client/draft/EtagDraft.ts',
];
