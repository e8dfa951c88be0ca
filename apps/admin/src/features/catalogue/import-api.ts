import type { ImportReport } from '@storefront/contract/catalogue-admin';
import { callApi, http } from '../../lib/http/client';

/** A big file on the embedded database takes a while: longer than the client's usual 45 seconds. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

/**
 * Sends the file as the body, as text/csv whatever the browser calls it (Windows names a .csv an Excel file).
 * `dryRun` checks it and changes nothing; otherwise it is imported unless a row is bad. Both answer the report.
 */
export function importProducts(file: Blob, { dryRun }: { dryRun: boolean }): Promise<ImportReport> {
  return callApi<ImportReport>({
    method: 'POST',
    url: '/products/import',
    params: { dryRun: String(dryRun) },
    data: file,
    headers: { 'Content-Type': 'text/csv' },
    timeout: IMPORT_TIMEOUT_MS,
  });
}

const FILE_NAME = /filename="([^"]+)"/;

/** Every product as the import's file, fetched with the staff session (a plain link would carry no token). */
export async function readProductExport(): Promise<{ file: Blob; fileName: string }> {
  const response = await http.request<Blob>({
    method: 'GET',
    url: '/products/export',
    responseType: 'blob',
    timeout: IMPORT_TIMEOUT_MS,
  });
  const disposition: unknown = response.headers['content-disposition'];
  const fileName = (typeof disposition === 'string' && FILE_NAME.exec(disposition)?.[1]) || 'products.csv';
  return { file: response.data, fileName };
}
