import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { readErrorMessage } from '../../../lib/http/api-error';
import { readProductExport } from '../import-api';

/** Hands a file the page holds to the browser to save. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Downloads every product as the import's file: to edit in a spreadsheet and import again, or as a template. */
export function ImportExportButton() {
  const { message } = App.useApp();
  const [isBusy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { file, fileName } = await readProductExport();
      saveFile(file, fileName);
    } catch (error) {
      void message.error(readErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={isBusy}
      onClick={() => void download()}
      data-testid="import-export"
    >
      Download all products (CSV)
    </Button>
  );
}
