import type { PackBody } from '@storefront/contract/fulfilment';
import type { OrderLine } from '@storefront/contract/order';

/** What the picker sends instead of a line's product. */
export type ChosenSubstitute = { productID: number; name: string; price: number };

/** A line as packed on the screen: how many went in, and what was sent instead. */
export type PackEntry = { packedQuantity: number; substitute: ChosenSubstitute | null };

export function mayBeSubstituted(line: OrderLine): boolean {
  return line.allowSubstitute !== false;
}

/** The screen's starting point: every line packed in full, nothing sent instead. */
export function packedInFull(lines: readonly OrderLine[]): Record<number, PackEntry> {
  return Object.fromEntries(
    lines.map((line) => [line.productID, { packedQuantity: line.quantity, substitute: null }]),
  );
}

/**
 * The pack's body: only the lines packed short or sent as a substitute (a line left out was packed in full). A
 * substitute is never sent for a line whose customer said no to one.
 */
export function packChanges(
  lines: readonly OrderLine[],
  entries: Record<number, PackEntry>,
): PackBody['lines'] {
  return lines.flatMap((line) => {
    const entry = entries[line.productID];
    if (!entry) return [];
    const packedQuantity = Math.max(0, Math.min(line.quantity, Math.round(entry.packedQuantity)));
    const substitute =
      mayBeSubstituted(line) && entry.substitute?.productID !== line.productID ? entry.substitute : null;
    if (packedQuantity === line.quantity && substitute === null) return [];
    return [
      {
        lineID: line.productID,
        packedQuantity,
        ...(substitute ? { substituteProductID: substitute.productID } : {}),
      },
    ];
  });
}
