import { Typography } from 'antd';
import type { AuditEntry } from '@storefront/contract/staff';
import { listChanges } from '../audit-change';

/** What an entry changed, field by field: "Role: Picker → Manager". */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const changes = listChanges(entry);
  if (changes.length === 0)
    return <Typography.Text type="secondary">No field changes recorded</Typography.Text>;
  return (
    <ul className="change-list" data-testid={`audit-changes-${entry.auditID}`}>
      {changes.map(({ field, label, before, after }) => (
        <li key={field}>
          <span className="change-list__field">{label}:</span>{' '}
          {before !== null && after !== null ? (
            <>
              <span className="change-list__before">
                <span className="visually-hidden">was </span>
                {before}
              </span>{' '}
              → <span>{after}</span>
            </>
          ) : after !== null ? (
            <span>{after}</span>
          ) : (
            <span className="change-list__before">
              <span className="visually-hidden">removed: </span>
              {before}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
