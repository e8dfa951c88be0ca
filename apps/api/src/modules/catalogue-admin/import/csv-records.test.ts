import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { readCsvRecords } from './csv-records.js';

/** The text sent a few bytes at a time, as a slow upload arrives. */
async function recordsOf(text: string, bytesMax = 10_000) {
  const bytes = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) =>
    bytes.subarray(i * 5, i * 5 + 5),
  );
  const out: unknown[] = [];
  for await (const record of readCsvRecords(Readable.from(chunks), { bytesMax })) out.push(record);
  return out;
}

describe('reading CSV records', () => {
  it('numbers each record by the line it starts on, past empty lines and values of several lines', async () => {
    expect(await recordsOf('\ufeffsku,name\n\nA,"two\nlines"\r\nB,b\n\n\nC,"say ""hi"""')).toEqual([
      { line: 1, fields: ['sku', 'name'] },
      { line: 3, fields: ['A', 'two\nlines'] },
      { line: 5, fields: ['B', 'b'] },
      { line: 8, fields: ['C', 'say "hi"'] },
    ]);
  });

  it('ends at a quote left open, naming the line the value started on, after the records before it', async () => {
    expect(await recordsOf('sku,name\nA,a\n\nB,"open\nC,c\n')).toEqual([
      { line: 1, fields: ['sku', 'name'] },
      { line: 2, fields: ['A', 'a'] },
      { line: 4, malformed: 'a quoted value is not closed: a " is missing' },
    ]);
  });

  it('stops reading past the size an import takes', async () => {
    await expect(recordsOf('sku,name\n'.repeat(100), 500)).rejects.toMatchObject({
      code: errorCatalogue.PAYLOAD_TOO_LARGE.code,
    });
  });
});
