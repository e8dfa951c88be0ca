import type {
  MfaConfirmBody,
  MfaEnrolment,
  RecoveryCodes,
  StaffChangePasswordBody,
} from '@storefront/contract/staff';
import { postData, putData } from '../../lib/http/client';

export function changeOwnPassword(body: StaffChangePasswordBody): Promise<null> {
  return putData<null>('/me/password', body);
}

/** A new secret to scan; two-factor is not on until `confirmMfa`. */
export function startMfaEnrolment(): Promise<MfaEnrolment> {
  return postData<MfaEnrolment>('/mfa/enrol', {});
}

/** Turns two-factor on; answers the recovery codes, shown once. */
export function confirmMfa(body: MfaConfirmBody): Promise<RecoveryCodes> {
  return postData<RecoveryCodes>('/mfa/confirm', body);
}

/** A new set of recovery codes; the old set stops working. */
export function renewRecoveryCodes(body: MfaConfirmBody): Promise<RecoveryCodes> {
  return postData<RecoveryCodes>('/mfa/recovery-codes', body);
}
