import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../../../lib/app-error.js';

/** A record of the file and the line it starts on (the header being line 1 when nothing is above it). */
export type CsvRecord = { line: number; fields: string[] };
/** Where the file stops being CSV; nothing after it can be read. */
export type CsvBreak = { line: number; malformed: string };

/** Longest record taken (characters): a row of long descriptions and ingredient lists is well under it. */
const RECORD_CHARS_MAX = 100_000;

const REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is not closed: a " is missing',
  CSV_INVALID_CLOSING_QUOTE:
    'a quoted value has more after its closing quote: write a " inside a value as ""',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE:
    'a quoted value has more after its closing quote: write a " inside a value as ""',
  CSV_MAX_RECORD_SIZE: `the row is longer than ${RECORD_CHARS_MAX.toLocaleString('en-AU')} characters`,
};

/**
 * Reads CSV records from a stream as they arrive, one chunk at a time: the next chunk is read only once the records
 * of the one before have been taken, so memory holds a chunk's worth whatever the file's size. More than `bytesMax`
 * bytes is PAYLOAD_TOO_LARGE. A file that stops being CSV (an unclosed quote) ends with a `CsvBreak` naming the line
 * of the record it happened in.
 */
export async function* readCsvRecords(
  input: Readable,
  { bytesMax }: { bytesMax: number },
): AsyncGenerator<CsvRecord | CsvBreak> {
  const taken: CsvRecord[] = [];
  // csv-parse counts the line a record ends on; one starts after the one before and the empty lines between.
  let endLine = 0;
  let emptyLines = 0;
  const startOf = (empty: number) => endLine + 1 + (empty - emptyLines);
  const parser = parse({
    bom: true,
    // Either line ending, even both in one file (rows pasted in from another).
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: RECORD_CHARS_MAX,
    on_record: (fields: string[], context) => {
      taken.push({ line: startOf(context.empty_lines), fields });
      endLine = context.lines;
      emptyLines = context.empty_lines;
      // Taken here rather than pushed down the stream: a parse error would drop what the stream still held.
      return null;
    },
  });
  // Its errors reach us through write() and finished(); an 'error' event nobody hears would end the process.
  parser.on('error', () => undefined);
  parser.resume();
  let bytes = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > bytesMax) throw new AppError('PAYLOAD_TOO_LARGE');
      await write(parser, chunk);
      yield* taken.splice(0);
    }
    parser.end();
    await finished(parser);
    yield* taken.splice(0);
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    yield* taken.splice(0);
    const empty = typeof err.empty_lines === 'number' ? err.empty_lines : emptyLines;
    yield {
      line: startOf(empty),
      malformed: REASONS[err.code] ?? 'the file cannot be read as CSV from here',
    };
  } finally {
    parser.destroy();
  }
}

function write(stream: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}
