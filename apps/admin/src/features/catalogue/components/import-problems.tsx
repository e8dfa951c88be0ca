import { Card, Flex, Grid, Table, Typography } from 'antd';
import type { ImportProblem } from '@storefront/contract/catalogue-admin';

type Props = { problems: ImportProblem[]; moreProblems: number };

const keyOf = (p: ImportProblem, i: number) => `${p.line}-${p.column ?? ''}-${i}`;

/** The file's problems, by line: a table on a wide screen, a card each on a phone. */
export function ImportProblems({ problems, moreProblems }: Props) {
  const isPhone = Grid.useBreakpoint().md === false;
  const rows = problems.map((problem, i) => ({ ...problem, key: keyOf(problem, i) }));
  return (
    <section data-testid="import-problems" style={{ marginTop: 16 }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Problems
      </Typography.Title>
      {isPhone ? (
        <Flex vertical gap={8}>
          {rows.map((p) => (
            <Card key={p.key} size="small" title={`Line ${p.line}${p.column ? ` · ${p.column}` : ''}`}>
              <span className="wrap-anywhere">{p.reason}</span>
            </Card>
          ))}
        </Flex>
      ) : (
        <Table
          rowKey="key"
          size="small"
          dataSource={rows}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          columns={[
            { title: 'Line', dataIndex: 'line', width: 80 },
            { title: 'Column', key: 'column', width: 200, render: (_, p) => p.column ?? '—' },
            {
              title: 'Reason',
              key: 'reason',
              render: (_, p) => <span className="wrap-anywhere">{p.reason}</span>,
            },
          ]}
        />
      )}
      {moreProblems > 0 && (
        <Typography.Paragraph type="secondary" data-testid="import-problems-more" style={{ marginTop: 8 }}>
          And {moreProblems.toLocaleString('en-AU')} more not listed: fix these and check the file again to
          see them.
        </Typography.Paragraph>
      )}
    </section>
  );
}
