import { Card, Empty, Typography } from 'antd';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page';
import { findAccountSection } from '../account-sections';

export function ComingSoonPage() {
  const { section: key } = useParams();
  const section = findAccountSection(key);
  if (!section) return <NotFoundPage />;
  return (
    <Card title={section.label} data-testid={`section-${section.key}`}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Typography.Text data-testid="coming-soon">
            {section.label}: coming soon. This part of your account is not available yet.
          </Typography.Text>
        }
      />
    </Card>
  );
}
