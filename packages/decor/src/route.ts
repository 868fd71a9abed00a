/** Which screen a path of the decoration app is: a page's editor, or a published page as buyers see it. */
export type DecorRoute = { kind: 'edit'; pageId: number } | { kind: 'public'; pageId: number } | { kind: 'none' };

export function decorRouteOf(pathname: string): DecorRoute {
  const edit = /^\/decor\/pages\/(\d{1,9})\/?$/.exec(pathname);
  if (edit) return { kind: 'edit', pageId: Number(edit[1]) };
  const shown = /^(?:\/m)?\/topic\/(\d{1,9})\/?$/.exec(pathname);
  if (shown) return { kind: 'public', pageId: Number(shown[1]) };
  return { kind: 'none' };
}
