import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { roleLabels } from '../lib/access';
import { useStaffSession } from '../lib/staff-session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * A page the signed-in role may not open: said plainly, with the way back to the member's own pages. As a page of
 * its own it carries the tab title and the <h1>; inside a page (a read refused with 403) the page has them.
 */
export function ForbiddenResult({ asPage = true }: { asPage?: boolean }) {
  const { me } = useStaffSession();
  const navigate = useNavigate();
  return (
    <>
      {asPage && <ForbiddenTitle />}
      <Result
        status="403"
        title={asPage ? <h1 className="result-heading">Not allowed</h1> : 'Not allowed'}
        subTitle={
          me
            ? `Your role (${roleLabels[me.role]}) cannot open this page. Ask the shop owner if you need it.`
            : 'Your role cannot open this page.'
        }
        extra={
          <Button type="primary" onClick={() => void navigate('/')} data-testid="forbidden-home">
            Go to my start page
          </Button>
        }
        data-testid="forbidden"
      />
    </>
  );
}

function ForbiddenTitle() {
  useDocumentTitle('Not allowed');
  return null;
}
