const HOME = '/dashboard';

/** Where /login sends an unauthenticated visitor of `path`, so that signing in brings them back. */
export function loginPath(path: string): string {
  return path === '/' || path.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * Pages the server serves outside the console that send a reader without a session to /login and
 * expect them back (the API reference, server platform/openapi.ts): opened as a page load, since
 * the console's router knows only its own paths.
 */
const SERVER_PAGES: readonly string[] = ['/api/docs'];
export const isServerPage = (target: string) => SERVER_PAGES.includes(target);

/** The page to open after signing in: the redirect target when it is one of ours, else the dashboard. */
export function redirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return HOME;
  return raw;
}
