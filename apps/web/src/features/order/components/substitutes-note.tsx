import { Typography } from 'antd';
import { substitutionNote, type SubstituteChoice } from '@storefront/contract/substitutes';
import type { ReactNode } from 'react';

type Props = { lines: SubstituteChoice[]; testId: string; children?: ReactNode };

/** What happens to items that have run out when the order is packed, as the customer chose per line. */
export function SubstitutesNote({ lines, testId, children }: Props) {
  const note = substitutionNote(lines);
  if (note === null) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }} data-testid={testId}>
      {note}
      {children && <> {children}</>}
    </Typography.Paragraph>
  );
}
