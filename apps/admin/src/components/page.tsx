import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

type Props = {
  title: string;
  /** Shown under the heading. */
  lead?: ReactNode;
  /** Beside the heading (a page's main action). */
  actions?: ReactNode;
  children: ReactNode;
};

/** A page of the back office: its tab title, its one <h1>, and what it shows. */
export function Page({ title, lead, actions, children }: Props) {
  useDocumentTitle(title);
  return (
    <section className="page">
      <Flex justify="space-between" align="center" wrap gap={12} className="page__header">
        <Typography.Title level={1} className="page__title">
          {title}
        </Typography.Title>
        {actions}
      </Flex>
      {lead && <Typography.Paragraph className="page__lead">{lead}</Typography.Paragraph>}
      {children}
    </section>
  );
}
