import { Alert, Button, Card, Form, Input, QRCode, Space, Typography, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import { oneTimeCode, type MfaEnrolment } from '@storefront/contract/staff';
import { showRefusalOnForm } from '../../../lib/form-errors';
import { normaliseOneTimeCode } from '../../../lib/form-rules';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useSignedInStaff, useStaffSession } from '../../../lib/staff-session';
import { readMe } from '../../auth/api';
import { confirmMfa, renewRecoveryCodes, startMfaEnrolment } from '../api';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type CodeForm = { otp: string };

const codeRules = [
  { required: true, message: 'Enter the 6-digit code from the app.' },
  {
    validator: (_: unknown, value: unknown) =>
      !value || oneTimeCode.safeParse(normaliseOneTimeCode(value)).success
        ? Promise.resolve()
        : Promise.reject(new Error('Enter the 6 digits the app shows.')),
  },
];

const CODE_FIELDS = { [errorCatalogue.STAFF_OTP_INVALID.code]: 'otp' };

/**
 * Two-factor sign-in: set it up (scan the QR code or type the key, confirm with a code), which answers the recovery
 * codes once; once on, make a new set of recovery codes, or move it to a new phone.
 */
export function TwoFactorCard() {
  const me = useSignedInStaff();
  const { setMe } = useStaffSession();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmForm] = Form.useForm<CodeForm>();
  const [renewForm] = Form.useForm<CodeForm>();

  const start = async () => {
    setIsBusy(true);
    setRefusal(null);
    try {
      setEnrolment(await startMfaEnrolment());
    } catch (error) {
      setRefusal(readErrorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  const confirm = async ({ otp }: CodeForm) => {
    setIsBusy(true);
    setRefusal(null);
    try {
      const { recoveryCodes } = await confirmMfa({ otp: normaliseOneTimeCode(otp) });
      setCodes(recoveryCodes);
      setEnrolment(null);
      confirmForm.resetFields();
      // Who the member is now (two-factor on, nothing left to set up); failing that, as the answer says.
      setMe(await readMe().catch(() => ({ ...me, mfaEnabled: true, mustEnrolMfa: false })));
    } catch (error) {
      setRefusal(showRefusalOnForm(confirmForm, error, CODE_FIELDS));
    } finally {
      setIsBusy(false);
    }
  };

  const renew = async ({ otp }: CodeForm) => {
    setIsBusy(true);
    setRefusal(null);
    try {
      const { recoveryCodes } = await renewRecoveryCodes({ otp: normaliseOneTimeCode(otp) });
      setCodes(recoveryCodes);
      renewForm.resetFields();
    } catch (error) {
      setRefusal(showRefusalOnForm(renewForm, error, CODE_FIELDS));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Card title={<h2 className="card-heading">Two-factor sign-in</h2>} data-testid="mfa-card">
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="mfa-error" />
      )}
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : enrolment ? (
        <Enrolment
          enrolment={enrolment}
          form={confirmForm}
          isBusy={isBusy}
          onConfirm={confirm}
          onCancel={() => {
            setEnrolment(null);
            setRefusal(null);
          }}
        />
      ) : me.mfaEnabled ? (
        <>
          <Alert
            type="success"
            showIcon
            icon={<SafetyOutlined />}
            title="Two-factor sign-in is on."
            description="Signing in asks for a code from your authenticator app after your password."
            style={{ marginBottom: 16 }}
            data-testid="mfa-on"
          />
          <Typography.Title level={3} className="card-subheading">
            New recovery codes
          </Typography.Title>
          <Typography.Paragraph>
            Used some, or lost them? Enter a code from the app to make a new set; the old set stops working.
          </Typography.Paragraph>
          <Form<CodeForm>
            form={renewForm}
            layout="vertical"
            requiredMark={false}
            disabled={isBusy}
            onFinish={(values) => void renew(values)}
            style={{ maxWidth: 320 }}
          >
            <Form.Item label="Code from the app" name="otp" rules={codeRules}>
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={16}
                data-testid="mfa-renew-code"
              />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={isBusy} data-testid="mfa-renew">
                Make new recovery codes
              </Button>
              <Button onClick={() => void start()} disabled={isBusy} data-testid="mfa-move">
                Move to a new phone
              </Button>
            </Space>
          </Form>
        </>
      ) : (
        <>
          {me.mustEnrolMfa && (
            <Alert
              type="warning"
              showIcon
              title="Your role needs two-factor sign-in before you can change anything."
              style={{ marginBottom: 16 }}
              data-testid="mfa-required"
            />
          )}
          <Typography.Paragraph>
            Two-factor sign-in asks for a 6-digit code from an authenticator app on your phone (Google
            Authenticator, Microsoft Authenticator, 1Password and the like) each time you sign in, so a stolen
            password alone opens nothing.
          </Typography.Paragraph>
          <Button type="primary" onClick={() => void start()} loading={isBusy} data-testid="mfa-start">
            Set up two-factor sign-in
          </Button>
        </>
      )}
    </Card>
  );
}

type EnrolmentProps = {
  enrolment: MfaEnrolment;
  form: FormInstance<CodeForm>;
  isBusy: boolean;
  onConfirm: (values: CodeForm) => Promise<void>;
  onCancel: () => void;
};

function Enrolment({ enrolment, form, isBusy, onConfirm, onCancel }: EnrolmentProps) {
  return (
    <div data-testid="mfa-enrolment">
      <Typography.Paragraph>
        <strong>1.</strong> In your authenticator app, add an account and scan this code.
      </Typography.Paragraph>
      <div
        role="img"
        aria-label="QR code to scan with your authenticator app"
        data-testid="mfa-qr"
        className="mfa-qr"
      >
        <QRCode value={enrolment.otpauthUrl} size={200} type="svg" errorLevel="L" />
      </div>
      <Typography.Paragraph>
        Cannot scan it? Type this key instead (time-based, 6 digits):
        <br />
        <Typography.Text copyable={{ text: enrolment.secret, tooltips: ['Copy key', 'Copied'] }}>
          <code className="mfa-secret" data-testid="mfa-secret">
            {enrolment.secret}
          </code>
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>
        <strong>2.</strong> Enter the 6-digit code the app now shows.
      </Typography.Paragraph>
      <Form<CodeForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isBusy}
        onFinish={(values) => void onConfirm(values)}
        style={{ maxWidth: 320 }}
      >
        <Form.Item label="Code from the app" name="otp" rules={codeRules}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={16} data-testid="mfa-code" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={isBusy} data-testid="mfa-confirm">
            Turn on two-factor sign-in
          </Button>
          <Button onClick={onCancel} disabled={isBusy} data-testid="mfa-cancel">
            Cancel
          </Button>
        </Space>
      </Form>
    </div>
  );
}
