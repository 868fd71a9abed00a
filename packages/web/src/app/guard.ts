const HOME = '/dashboard';

/** Where /login sends an unauthenticated visitor of `path`, so that signing in brings them back. */
export function loginPath(path: string): string {
  return path === '/' || path.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}

/** The page to open after signing in: the redirect target when it is one of ours, else the dashboard. */
export function redirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return HOME;
  return raw;
}
