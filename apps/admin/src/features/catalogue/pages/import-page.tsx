import { Alert, Button, Card, Space, Typography } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { IMPORT_BYTES_MAX, type ImportReport } from '@storefront/contract/catalogue-admin';
import { Page } from '../../../components/page';
import { adminPages } from '../../../lib/access';
import { readErrorMessage } from '../../../lib/http/api-error';
import { ImportColumns } from '../components/import-columns';
import { ImportExportButton } from '../components/import-export-button';
import { ImportProblems } from '../components/import-problems';
import { ImportSummary } from '../components/import-summary';
import { importProducts } from '../import-api';

const MEGABYTE = 1024 * 1024;

/** True when a check found the file good to import: rows, and not one problem. */
const isClean = (report: ImportReport | null): report is ImportReport =>
  report !== null &&
  report.dryRun &&
  report.rows > 0 &&
  report.problems.length === 0 &&
  report.moreProblems === 0;

/**
 * Products from a spreadsheet: choose the CSV file, check it (nothing changes), then import it once the check finds
 * no problem. Every product is matched by its SKU: a new one is created, a known one updated.
 */
export function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  // A new input each time, so the same file can be chosen again after an import.
  const [inputKey, setInputKey] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [error, setError] = useState<unknown>(null);

  const isTooBig = file !== null && file.size > IMPORT_BYTES_MAX;
  const isImported = report?.applied === true;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setReport(null);
    setError(null);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    setError(null);
    try {
      setReport(await importProducts(file, { dryRun }));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const startAgain = () => {
    setFile(null);
    setReport(null);
    setError(null);
    setInputKey((key) => key + 1);
  };

  return (
    <Page
      title="Import products"
      lead="Add and update products from a spreadsheet saved as CSV (UTF-8), one row per product, matched by SKU. Check the file first: nothing changes until you import it."
      actions={<ImportExportButton />}
    >
      <Card>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <label style={{ display: 'block' }}>
            <Typography.Text strong>CSV file</Typography.Text>
            <br />
            <input
              key={inputKey}
              type="file"
              accept=".csv,text/csv"
              onChange={choose}
              disabled={busy !== null}
              style={{ marginTop: 8, maxWidth: '100%' }}
              data-testid="import-file"
            />
          </label>
          {file === null && (
            <Typography.Text type="secondary" data-testid="import-empty">
              No file chosen yet. Download all products for a file to edit, or see the columns below.
            </Typography.Text>
          )}
          {isTooBig && (
            <Alert
              type="error"
              showIcon
              title={`This file is larger than ${IMPORT_BYTES_MAX / MEGABYTE} MB. Split it into smaller files.`}
              data-testid="import-too-big"
            />
          )}
          <Space wrap>
            <Button
              onClick={() => void send(true)}
              disabled={file === null || isTooBig || isImported || busy === 'import'}
              loading={busy === 'check'}
              data-testid="import-check"
            >
              Check file
            </Button>
            <Button
              type="primary"
              onClick={() => void send(false)}
              disabled={!isClean(report) || busy === 'check'}
              loading={busy === 'import'}
              data-testid="import-apply"
            >
              Import
            </Button>
          </Space>
          {busy !== null && (
            <Typography.Text type="secondary" role="status">
              {busy === 'check' ? 'Checking the file…' : 'Importing the products…'}
            </Typography.Text>
          )}
        </Space>
      </Card>

      {error !== null && (
        <Alert
          type="error"
          showIcon
          title={readErrorMessage(error)}
          style={{ marginTop: 16 }}
          data-testid="import-error"
        />
      )}

      {report !== null && (
        <div style={{ marginTop: 16 }}>
          <ImportSummary report={report} />
          {report.problems.length > 0 && (
            <ImportProblems problems={report.problems} moreProblems={report.moreProblems} />
          )}
          {isImported && (
            <Space wrap style={{ marginTop: 16 }}>
              <Link to={adminPages.products.path} data-testid="import-done-products">
                Go to the products
              </Link>
              <Button type="link" onClick={startAgain} data-testid="import-again">
                Import another file
              </Button>
            </Space>
          )}
        </div>
      )}

      <ImportColumns />
    </Page>
  );
}
