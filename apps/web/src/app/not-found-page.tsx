import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="page">
      <Result
        status="404"
        title="Page not found"
        subTitle="The page you were looking for is not here."
        extra={
          <Link to="/">
            <Button type="primary" data-testid="not-found-home">
              Back to the shop
            </Button>
          </Link>
        }
      />
    </div>
  );
}
