import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page">
      <div className="result">
        <div className="result__code" aria-hidden="true">
          404
        </div>
        <h1 className="result__title">Page not found</h1>
        <p className="result__text">The page you were looking for is not here.</p>
        <Link to="/" className="shell-button shell-button--primary" data-testid="not-found-home">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
