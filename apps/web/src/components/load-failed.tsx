import { Button, Result } from 'antd';

type Props = { title: string; error: string | null; onRetry: () => void; testId: string };

export function LoadFailed({ title, error, onRetry, testId }: Props) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={error ?? undefined}
      data-testid={testId}
      extra={
        <Button type="primary" onClick={onRetry} data-testid={`${testId}-retry`}>
          Try again
        </Button>
      }
    />
  );
}
