/** Follows a redirect target only when it stays on this site (a path, not `//host` or `/\host`). */
export function resolveSafeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
