import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Skeleton, Space, Typography } from 'antd';
import { SHOPPING_LIST_NAME_MAX, SHOPPING_LISTS_MAX } from '@storefront/contract/limits';
import type { ShoppingListSummary } from '@storefront/contract/shopping-list';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmPopover } from '../../../components/confirm-popover';
import { LoadFailed } from '../../../components/load-failed';
import { formatDay } from '../../../lib/date-time';
import { readErrorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { useRemoteData } from '../../../lib/use-remote-data';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useRemovalFocus } from '../../../lib/use-removal-focus';
import { createShoppingList, deleteShoppingList, listShoppingLists, renameShoppingList } from '../api';
import { checkListName, productsText } from '../list-words';
import '../shopping-list.css';

const nameRules = [
  {
    validator: (_: unknown, value: string | undefined) => {
      const problem = checkListName(value ?? '');
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/** `/account/lists`: the customer's named lists, to make, rename, open and delete. */
export function ListsPage() {
  const lists = useRemoteData(listShoppingLists);
  const [createForm] = Form.useForm<{ name: string }>();
  const [isCreating, setIsCreating] = useState(false);
  const [renamingID, setRenamingID] = useState<number | null>(null);
  // Save or Cancel gives the focus back to the row's Rename, which comes back as the field goes.
  const [renamedID, setRenamedID] = useState<number | null>(null);
  const renameButton = useFocusReturn();
  const [busyID, setBusyID] = useState<number | null>(null);
  const rows = lists.data?.list ?? [];
  const removalFocus = useRemovalFocus(rows.map((l) => l.listID));

  const create = async ({ name }: { name: string }) => {
    setIsCreating(true);
    try {
      const made = await createShoppingList(name.trim());
      createForm.resetFields();
      toast.success(`${made.name} made. Add products to it from the shop.`);
      lists.reload();
    } catch (err) {
      createForm.setFields([{ name: 'name', errors: [readErrorMessage(err)] }]);
    } finally {
      setIsCreating(false);
    }
  };

  /** Answers whether the list went. */
  const remove = async (list: ShoppingListSummary): Promise<boolean> => {
    setBusyID(list.listID);
    try {
      lists.replace(await deleteShoppingList(list.listID));
      toast.success(`${list.name} deleted.`);
      return true;
    } catch (err) {
      toast.error(readErrorMessage(err));
      return false;
    } finally {
      setBusyID(null);
    }
  };

  if (lists.status === 'failed' && !lists.data) {
    return (
      <LoadFailed
        title="Your lists could not be loaded"
        error={lists.error}
        onRetry={lists.reload}
        testId="lists-error"
      />
    );
  }

  const isFull = rows.length >= SHOPPING_LISTS_MAX;
  return (
    <Card data-testid="lists-page">
      <Typography.Paragraph type="secondary">
        Keep the shops you do again and again, and put a whole list in your trolley at once. Add products from
        the shop, a product&apos;s page or a past order.
      </Typography.Paragraph>
      <Form
        form={createForm}
        name="new-list"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void create(values)}
      >
        {/* The field and its button side by side: the label names the field by its id, its errors show here. */}
        <Form.Item
          label="New list"
          htmlFor="new-list_name"
          extra={isFull ? `You have ${SHOPPING_LISTS_MAX} lists, the most you can keep.` : undefined}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="name" rules={nameRules} noStyle>
              <Input
                placeholder="e.g. Weekly shop"
                maxLength={SHOPPING_LIST_NAME_MAX}
                autoComplete="off"
                disabled={isFull}
                data-testid="lists-new-name"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={isCreating}
              disabled={isFull}
              data-testid="lists-create"
            >
              Create list
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {!lists.data ? (
        <div aria-busy="true" aria-label="Loading your lists" data-testid="lists-loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : rows.length === 0 ? (
        <Empty description="No lists yet" data-testid="lists-empty">
          <Typography.Text type="secondary" ref={removalFocus.emptyTargetRef} tabIndex={-1}>
            Name a list above, then add products to it from the shop.
          </Typography.Text>
        </Empty>
      ) : (
        <ul className="lists" aria-label="Your lists" data-testid="lists">
          {rows.map((list) =>
            renamingID === list.listID ? (
              <li key={list.listID} className="lists__row">
                <RenameForm
                  list={list}
                  onDone={(renamed) => {
                    setRenamingID(null);
                    setRenamedID(list.listID);
                    renameButton.returnFocus();
                    if (renamed) lists.reload();
                  }}
                />
              </li>
            ) : (
              <li key={list.listID} className="lists__row" data-testid={`list-row-${list.listID}`}>
                <div className="lists__info">
                  <Link
                    to={`/account/lists/${list.listID}`}
                    className="lists__name"
                    data-testid={`list-open-${list.listID}`}
                  >
                    {list.name}
                  </Link>
                  <Typography.Text type="secondary">
                    {productsText(list.itemCount)} · changed {formatDay(list.updatedAt)}
                  </Typography.Text>
                </div>
                <Space wrap>
                  <Button
                    ref={renamedID === list.listID ? renameButton.target : undefined}
                    icon={<EditOutlined />}
                    onClick={() => setRenamingID(list.listID)}
                    aria-label={`Rename ${list.name}`}
                    data-testid={`list-rename-${list.listID}`}
                  >
                    Rename
                  </Button>
                  <ConfirmPopover
                    title={`Delete ${list.name}?`}
                    description="Its products stay in the shop; only the list goes."
                    okText="Delete"
                    cancelText="Keep"
                    onConfirm={() => void removalFocus.remove(list.listID, () => remove(list))}
                    okButtonProps={{ danger: true, 'data-testid': 'list-delete-confirm' }}
                  >
                    <Button
                      ref={removalFocus.controlRef(list.listID)}
                      danger
                      icon={<DeleteOutlined />}
                      loading={busyID === list.listID}
                      aria-label={`Delete ${list.name}`}
                      data-testid={`list-delete-${list.listID}`}
                    />
                  </ConfirmPopover>
                </Space>
              </li>
            ),
          )}
        </ul>
      )}
    </Card>
  );
}

/** A list's name in a field, saved or left as it was; the focus goes back to Rename either way. */
function RenameForm({ list, onDone }: { list: ShoppingListSummary; onDone: (renamed: boolean) => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [isSaving, setIsSaving] = useState(false);
  const finish = (renamed: boolean) => onDone(renamed);
  const save = async ({ name }: { name: string }) => {
    if (name.trim() === list.name) {
      finish(false);
      return;
    }
    setIsSaving(true);
    try {
      const renamed = await renameShoppingList(list.listID, name.trim());
      toast.success(`Renamed to ${renamed.name}.`);
      finish(true);
    } catch (err) {
      form.setFields([{ name: 'name', errors: [readErrorMessage(err)] }]);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Form
      form={form}
      name={`rename-list-${list.listID}`}
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: list.name }}
      onFinish={(values) => void save(values)}
      style={{ width: '100%' }}
    >
      <Form.Item
        name="name"
        label={`New name for ${list.name}`}
        rules={nameRules}
        style={{ marginBottom: 8 }}
      >
        <Input
          autoFocus
          maxLength={SHOPPING_LIST_NAME_MAX}
          autoComplete="off"
          onKeyDown={(e) => {
            if (e.key === 'Escape') finish(false);
          }}
          data-testid={`list-rename-input-${list.listID}`}
        />
      </Form.Item>
      <Space>
        <Button
          type="primary"
          htmlType="submit"
          loading={isSaving}
          data-testid={`list-rename-save-${list.listID}`}
        >
          Save
        </Button>
        <Button onClick={() => finish(false)}>Cancel</Button>
      </Space>
    </Form>
  );
}
