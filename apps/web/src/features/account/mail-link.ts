/** The token a mailed link carries, or null when the link was cut short or changed. */
export function readLinkToken(params: URLSearchParams): string | null {
  const token = params.get('token')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : null;
}
