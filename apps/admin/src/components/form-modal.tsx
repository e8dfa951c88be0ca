import { Alert, Button, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { showRefusalOnForm, type FieldsByCode } from '../lib/form-errors';

type Props<T> = {
  form: FormInstance<T>;
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** Sends the values; a refusal shows on the field it is about (`fieldsByCode`) or above the form. */
  submit: (values: T) => Promise<void>;
  fieldsByCode?: FieldsByCode;
  okText: string;
  cancelText: string;
  isDanger?: boolean;
  testIds: { ok: string; cancel: string; error: string };
  intro: ReactNode;
  initialValues?: Partial<T>;
  children: ReactNode;
};

/** A form in a modal: saving state, the refusal shown, fields cleared when it closes or is sent. */
export function FormModal<T extends object>({
  form,
  isOpen,
  title,
  onClose,
  submit,
  fieldsByCode,
  okText,
  cancelText,
  isDanger = false,
  testIds,
  intro,
  initialValues,
  children,
}: Props<T>) {
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (values: T) => {
    setIsSaving(true);
    setRefusal(null);
    try {
      await submit(values);
      form.resetFields();
    } catch (error) {
      setRefusal(showRefusalOnForm(form, error, fieldsByCode));
    } finally {
      setIsSaving(false);
    }
  };

  const close = () => {
    setRefusal(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={isOpen}
      title={title}
      onCancel={close}
      forceRender
      footer={[
        <Button key="cancel" onClick={close} data-testid={testIds.cancel}>
          {cancelText}
        </Button>,
        <Button
          key="ok"
          danger={isDanger}
          type="primary"
          loading={isSaving}
          onClick={() => form.submit()}
          data-testid={testIds.ok}
        >
          {okText}
        </Button>,
      ]}
    >
      {intro}
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid={testIds.error}
        />
      )}
      <Form<T>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        initialValues={initialValues}
        onFinish={(values) => void save(values)}
      >
        {children}
      </Form>
    </Modal>
  );
}
