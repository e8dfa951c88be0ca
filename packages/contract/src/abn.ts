// No zod here: the browser takes these functions into its bundle (apps/web/src/lib/contract-imports.test.ts).
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * Whether the text is an Australian Business Number: eleven digits (spaces allowed) that pass the ABR's check: take
 * 1 from the first digit, weight the digits 10, 1, 3, 5, ..., 19 and the sum divides by 89.
 */
export function isAbn(text: string): boolean {
  const digits = text.replace(/ /g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * (ABN_WEIGHTS[i] ?? 0),
    0,
  );
  return sum % 89 === 0;
}

/** The eleven digits of an ABN written with spaces. */
export function abnDigits(text: string): string {
  return text.replace(/ /g, '');
}

/** As the ABR writes it: 51 824 753 556. */
export function formatAbn(digits: string): string {
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
