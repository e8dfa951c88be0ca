import { App, Button, Card, Empty, Flex, Grid, Pagination, Table, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import type { VoucherBatch, VoucherBatchList } from '@storefront/contract/offers-admin';
import { LoadError } from '../../../components/load-error';
import { PageLoading } from '../../../components/page-loading';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useRemoteData } from '../../../lib/use-remote-data';
import { downloadVoucherBatch, listVoucherBatches } from '../api';
import { voucherFileName } from '../offer-words';
import { saveFile } from '../save-file';
import { formatShortDay, lastStoreDay } from '../store-days';
import { VoucherBatchModal } from './voucher-batch-modal';

const PAGE_SIZES = [10, 20, 50] as const;

type Paging = { page: number; pageSize: number };
type ListProps = {
  data: VoucherBatchList;
  busyLabel: string | null;
  onDownload: (batch: VoucherBatch) => Promise<void>;
  onPage: (page: number, pageSize: number) => void;
  isLoading: boolean;
};

const countLabel = (total: number) => `${total} ${total === 1 ? 'batch' : 'batches'}`;
const expiry = (batch: VoucherBatch) => formatShortDay(lastStoreDay(batch.expiresAt));

/** Gift voucher batches, newest first: make one, download one's codes as CSV. */
export function VouchersTab() {
  const { message } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20 });
  const { page, pageSize } = paging;
  const load = useCallback(() => listVoucherBatches({ page, pageSize }), [page, pageSize]);
  const remote = useRemoteData(load);
  const [isMaking, setIsMaking] = useState(false);
  const [busyLabel, setBusyLabel] = useState<string | null>(null);

  const download = async (batch: VoucherBatch) => {
    setBusyLabel(batch.label);
    try {
      saveFile(await downloadVoucherBatch(batch.label), voucherFileName(batch.label));
    } catch (error) {
      void message.error(readErrorMessage(error));
    } finally {
      setBusyLabel(null);
    }
  };

  const made = (batch: VoucherBatch) => {
    setIsMaking(false);
    void message.success(
      `${batch.count} codes made for “${batch.label}”. Download the CSV to hand them out.`,
    );
    if (page === 1) remote.reload();
    else setPaging({ page: 1, pageSize });
  };

  const showPage = (nextPage: number, nextSize: number) =>
    setPaging({ page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize });
  const listProps = {
    busyLabel,
    onDownload: download,
    onPage: showPage,
    isLoading: remote.status === 'loading',
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          Each code credits its amount to the customer who redeems it, once, until its last day.
        </Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setIsMaking(true)}
          data-testid="voucher-batch-new"
        >
          New batch
        </Button>
      </Flex>
      {remote.status === 'failed' ? (
        <LoadError error={remote.error} onRetry={remote.reload} />
      ) : remote.data === null ? (
        <PageLoading rows={4} />
      ) : remote.data.list.length === 0 ? (
        <Empty description="No gift voucher batches yet." data-testid="voucher-batches-empty" />
      ) : isPhone ? (
        <BatchCards data={remote.data} {...listProps} />
      ) : (
        <BatchTable data={remote.data} {...listProps} />
      )}
      <VoucherBatchModal isOpen={isMaking} onClose={() => setIsMaking(false)} onMade={made} />
    </>
  );
}

function DownloadButton({
  batch,
  busyLabel,
  onDownload,
}: Pick<ListProps, 'busyLabel' | 'onDownload'> & { batch: VoucherBatch }) {
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busyLabel === batch.label}
      onClick={() => void onDownload(batch)}
      aria-label={`Download CSV of ${batch.label}`}
      data-testid="voucher-export"
    >
      Download CSV
    </Button>
  );
}

function BatchTable({ data, busyLabel, onDownload, onPage, isLoading }: ListProps) {
  return (
    <Table<VoucherBatch>
      rowKey="label"
      dataSource={data.list}
      loading={isLoading}
      onRow={() => {
        const testID = { 'data-testid': 'voucher-batch-row' };
        return { ...testID, className: 'voucher-batch-row' };
      }}
      pagination={{
        current: data.page,
        pageSize: data.pageSize,
        total: data.total,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: countLabel,
        onChange: onPage,
      }}
      columns={[
        {
          title: 'Batch',
          key: 'label',
          render: (_, b) => (
            <Typography.Text strong className="wrap-anywhere">
              {b.label}
            </Typography.Text>
          ),
        },
        { title: 'Codes', key: 'count', align: 'right', render: (_, b) => b.count },
        { title: 'Redeemed', key: 'redeemed', align: 'right', render: (_, b) => b.redeemed },
        { title: 'Amount each', key: 'amount', align: 'right', render: (_, b) => formatMoney(b.amount) },
        { title: 'Last day', key: 'expires', render: (_, b) => expiry(b) },
        { title: 'Made', key: 'created', responsive: ['lg'], render: (_, b) => formatDateTime(b.createdAt) },
        {
          title: 'Codes file',
          key: 'export',
          render: (_, b) => <DownloadButton batch={b} busyLabel={busyLabel} onDownload={onDownload} />,
        },
      ]}
    />
  );
}

/** On a phone: a card per batch. */
function BatchCards({ data, busyLabel, onDownload, onPage, isLoading }: ListProps) {
  return (
    <div aria-busy={isLoading}>
      <ul className="plain-list">
        {data.list.map((b) => (
          <li key={b.label} data-testid="voucher-batch-row">
            <Card size="small">
              <Flex vertical gap={6}>
                <Typography.Text strong className="wrap-anywhere">
                  {b.label}
                </Typography.Text>
                <Typography.Text>
                  {b.count} codes of {formatMoney(b.amount)} · {b.redeemed} redeemed
                </Typography.Text>
                <Typography.Text type="secondary">Last day {expiry(b)}</Typography.Text>
                <div>
                  <DownloadButton batch={b} busyLabel={busyLabel} onDownload={onDownload} />
                </div>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Pagination
          simple
          current={data.page}
          pageSize={data.pageSize}
          total={data.total}
          showTotal={countLabel}
          onChange={onPage}
        />
      </Flex>
    </div>
  );
}
