import { Alert, Card, Col, Row, Statistic } from 'antd';
import type { ImportReport } from '@storefront/contract/catalogue-admin';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

/** What a check or an import found: the rows, and what they make (or made) of the products. */
export function ImportSummary({ report }: { report: ImportReport }) {
  const problemCount = report.problems.length + report.moreProblems;
  const verdict = report.applied
    ? { type: 'success' as const, text: 'Imported. The shop shows the changes now.' }
    : problemCount > 0
      ? {
          type: 'error' as const,
          text: `${plural(problemCount, 'problem', 'problems')} to fix. Nothing was changed: fix the file and check it again.`,
        }
      : report.dryRun
        ? { type: 'info' as const, text: 'The file is good. Import it to make these changes.' }
        : { type: 'info' as const, text: 'Nothing was changed.' };
  const doneOrToDo = report.applied ? ['Created', 'Updated'] : ['New', 'To change'];
  return (
    <Card data-testid="import-summary" aria-live="polite">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title="Rows" value={report.rows} data-testid="import-summary-rows" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={doneOrToDo[0]} value={report.created} data-testid="import-summary-created" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={doneOrToDo[1]} value={report.updated} data-testid="import-summary-updated" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Unchanged" value={report.unchanged} data-testid="import-summary-unchanged" />
        </Col>
      </Row>
      <Alert type={verdict.type} title={verdict.text} showIcon style={{ marginTop: 16 }} />
    </Card>
  );
}
