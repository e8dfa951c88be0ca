/** "DARLING HARBOUR" -> "Darling Harbour"; "MCMAHONS POINT" -> "Mcmahons Point". */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase());
}
