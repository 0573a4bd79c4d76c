// Where to go after signing in: back to where the guard stopped the visitor (`state.from`, a
// location or a path), else `fallback`. Never back to an auth page.
const AUTH_PAGES = ['/login', '/register', '/forgot-password'];

export function returnPath(state: unknown, fallback = '/'): string {
  const from = (state as { from?: unknown } | null)?.from;
  let path: string | undefined;
  if (typeof from === 'string') path = from;
  else if (
    from &&
    typeof from === 'object' &&
    typeof (from as { pathname?: unknown }).pathname === 'string'
  ) {
    const { pathname, search, hash } = from as { pathname: string; search?: string; hash?: string };
    path = `${pathname}${search ?? ''}${hash ?? ''}`;
  }
  if (!path || !path.startsWith('/') || path.startsWith('//')) return fallback;
  return AUTH_PAGES.some((page) => path === page || path.startsWith(`${page}?`)) ? fallback : path;
}
