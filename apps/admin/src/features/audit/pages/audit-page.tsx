import { Button, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntry, AuditQuery } from '@storefront/contract/staff';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { roleLabels } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/staff-session';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listStaff } from '../../staff/api';
import { listAudit } from '../api';
import { describeAction } from '../audit-change';
import { PAGE_SIZES, readAuditQuery, writeAuditQuery } from '../audit-query';
import { ChangeList } from '../components/change-list';

type FilterForm = { staffID?: number; targetType?: string; targetID?: string };

/** Target types the API records today; others seen in the log join them. */
const KNOWN_TARGET_TYPES = [
  'staff',
  'order',
  'product',
  'delivery_template',
  'delivery_closure',
  'delivery_zone',
  'coupon',
  'voucher_batch',
  'customer',
];

/** Every staff change, newest first, filtered by who made it and what it changed. */
export function AuditPage() {
  const me = useSignedInStaff();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readAuditQuery(searchParams);
  const { staffID, targetType, targetID, page, pageSize } = query;
  const load = useCallback(
    () => listAudit({ staffID, targetType, targetID, page, pageSize }),
    [staffID, targetType, targetID, page, pageSize],
  );
  const { status, data, error, reload } = useRemoteData(load);
  const [form] = Form.useForm<FilterForm>();
  const people = useStaffNames(me.role === 'owner', data?.list ?? []);
  const targetTypes = useMemo(
    () => [...new Set([...KNOWN_TARGET_TYPES, ...(data?.list ?? []).map((e) => e.targetType)])],
    [data],
  );

  useEffect(() => {
    form.setFieldsValue({ staffID, targetType, targetID });
  }, [form, staffID, targetType, targetID]);

  const show = (next: AuditQuery) => setSearchParams(writeAuditQuery(next));
  const filter = (values: FilterForm) =>
    show({
      staffID: values.staffID ?? undefined,
      targetType: values.targetType?.trim() || undefined,
      targetID: values.targetID?.trim() || undefined,
      page: 1,
      pageSize,
    });
  const isFiltered = staffID !== undefined || targetType !== undefined || targetID !== undefined;

  return (
    <Page
      title="Audit log"
      lead="Every change staff made in the back office: who, what it changed, when, and from where."
    >
      <Form<FilterForm>
        form={form}
        layout="inline"
        onFinish={filter}
        className="audit-filters"
        data-testid="audit-filters"
      >
        <Form.Item label="Staff member" name="staffID">
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Anyone"
            options={[...people].map(([id, name]) => ({ value: id, label: name }))}
            style={{ width: 200 }}
            data-testid="audit-filter-staff"
          />
        </Form.Item>
        <Form.Item label="Target" name="targetType">
          <Select<string>
            allowClear
            placeholder="Any kind"
            options={targetTypes.map((type) => ({ value: type, label: type }))}
            style={{ width: 170 }}
            data-testid="audit-filter-target-type"
          />
        </Form.Item>
        <Form.Item label="Target ID" name="targetID">
          <Input allowClear placeholder="Any" style={{ width: 120 }} data-testid="audit-filter-target-id" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-filter-apply">
            Filter
          </Button>
          {isFiltered && (
            <Button onClick={() => show({ page: 1, pageSize })} data-testid="audit-filter-clear">
              Show all
            </Button>
          )}
        </Space>
      </Form>
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={8} />
      ) : (
        <Table<AuditEntry>
          rowKey="auditID"
          dataSource={data.list}
          loading={status === 'loading'}
          locale={{
            emptyText: (
              <Empty
                description={isFiltered ? 'Nothing recorded matches these filters.' : 'Nothing recorded yet.'}
              />
            ),
          }}
          pagination={{
            current: data.page,
            pageSize: data.pageSize,
            total: data.total,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? 'entry' : 'entries'}`,
            onChange: (nextPage, nextSize) =>
              show({ ...query, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
          }}
          columns={[
            {
              title: 'When',
              key: 'at',
              render: (_, entry) => formatDateTime(entry.at),
            },
            {
              title: 'Who',
              key: 'who',
              render: (_, entry) => (
                <Space orientation="vertical" size={0}>
                  <Button
                    type="link"
                    size="small"
                    className="link-cell"
                    onClick={() => show({ ...query, staffID: entry.staffID, page: 1 })}
                    title="Show everything they did"
                    data-testid={`audit-who-${entry.auditID}`}
                  >
                    {entry.staffName}
                  </Button>
                  <Typography.Text type="secondary">{roleLabels[entry.staffRole]}</Typography.Text>
                </Space>
              ),
            },
            {
              title: 'What',
              key: 'action',
              render: (_, entry) => (
                <Space orientation="vertical" size={2} align="start">
                  <span data-testid={`audit-action-${entry.auditID}`} title={entry.action}>
                    {describeAction(entry.action)}
                  </span>
                  <Button
                    type="link"
                    size="small"
                    className="link-cell"
                    onClick={() =>
                      show({ ...query, targetType: entry.targetType, targetID: entry.targetID, page: 1 })
                    }
                    title="Show everything recorded about it"
                    data-testid={`audit-target-${entry.auditID}`}
                  >
                    <Tag>{entry.targetType}</Tag>#{entry.targetID}
                  </Button>
                </Space>
              ),
            },
            { title: 'Change', key: 'change', render: (_, entry) => <ChangeList entry={entry} /> },
            {
              title: 'From',
              key: 'from',
              responsive: ['lg'],
              render: (_, entry) => (
                <Space orientation="vertical" size={0}>
                  <span>{entry.ip}</span>
                  <Typography.Text
                    type="secondary"
                    copyable={{ text: entry.requestID, tooltips: ['Copy request ID', 'Copied'] }}
                  >
                    Request ID
                  </Typography.Text>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Page>
  );
}

/**
 * Names to filter by: the whole staff list for an owner (the only role that reads it), else the members seen in the
 * log so far.
 */
function useStaffNames(canListStaff: boolean, entries: AuditEntry[]): Map<number, string> {
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());
  useEffect(() => {
    if (!canListStaff) return;
    let isCurrent = true;
    listStaff().then(
      ({ list }) => {
        if (isCurrent)
          setKnown((prev) => new Map([...prev, ...list.map((m): [number, string] => [m.staffID, m.name])]));
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [canListStaff]);
  useEffect(() => {
    if (entries.length === 0) return;
    setKnown((prev) => {
      const missing = entries.filter((e) => prev.get(e.staffID) !== e.staffName);
      if (missing.length === 0) return prev;
      return new Map([...prev, ...missing.map((e): [number, string] => [e.staffID, e.staffName])]);
    });
  }, [entries]);
  return known;
}
