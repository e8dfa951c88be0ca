import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h1 className="result-heading">Page not found</h1>}
      subTitle="There is no back office page at this address."
      extra={
        <Button type="primary" onClick={() => void navigate('/')} data-testid="not-found-home">
          Go to my start page
        </Button>
      }
      data-testid="not-found"
    />
  );
}
