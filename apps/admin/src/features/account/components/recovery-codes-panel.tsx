import { Alert, App, Button, Space } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';

type Props = { codes: string[]; onDone: () => void };

/** The recovery codes, shown once: copy or download them, then put them away. */
export function RecoveryCodesPanel({ codes, onDone }: Props) {
  const { message } = App.useApp();
  const text = `Harbour Grocer back office recovery codes\nEach works once, in place of a code from the app.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success('The recovery codes are copied.');
    } catch {
      void message.error('The browser did not let us copy: download them, or write them down.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'back-office-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div data-testid="recovery-codes-panel">
      <Alert
        type="warning"
        showIcon
        title="Save these recovery codes now: they are shown only once."
        description="Each one signs you in once in place of a code from the app, should you lose your phone. Keep them somewhere safe, away from this computer."
        style={{ marginBottom: 16 }}
      />
      <ol className="recovery-codes" data-testid="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="recovery-codes-copy">
          Copy
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download} data-testid="recovery-codes-download">
          Download
        </Button>
        <Button type="primary" onClick={onDone} data-testid="recovery-codes-done">
          I have saved them
        </Button>
      </Space>
    </div>
  );
}
