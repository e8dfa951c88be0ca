import type {
  CustomerInfo,
  CustomerStatus,
  GoogleAuthBody,
  LoginBody,
  LoginDetail,
  RegisterBody,
  UpdateCustomerBody,
  UpdatePasswordBody,
  UserInfo,
} from '@storefront/contract/account';
import type {
  EmailVerified,
  ForgotPasswordBody,
  ForgotPasswordResult,
  ResetCheckBody,
  ResetCheckResult,
  ResetPasswordBody,
  VerificationSent,
  VerifyEmailBody,
} from '@storefront/contract/account-mail';
import { callApi } from '../../lib/http/client';

export function loginCustomer(body: LoginBody): Promise<UserInfo> {
  return callApi<UserInfo>({ method: 'POST', url: '/api/v1/login', data: body });
}

export function registerCustomer(body: RegisterBody): Promise<UserInfo> {
  return callApi<UserInfo>({ method: 'POST', url: '/api/v1/register', data: body });
}

export function authenticateWithGoogle(body: GoogleAuthBody): Promise<UserInfo> {
  return callApi<UserInfo>({ method: 'POST', url: '/api/v1/google-auth', data: body });
}

export function logoutCustomer(): Promise<null> {
  return callApi<null>({ method: 'POST', url: '/api/v1/logout', data: {} });
}

/** Ends every session of the customer, on every device, this one included. */
export function logoutCustomerEverywhere(): Promise<null> {
  return callApi<null>({ method: 'POST', url: '/api/v1/logout/everywhere', data: {} });
}

export function retrieveUserInfo(): Promise<UserInfo> {
  return callApi<UserInfo>({ method: 'GET', url: '/api/v1/customer/me' });
}

export function retrieveCustomerStatus(): Promise<CustomerStatus> {
  return callApi<CustomerStatus>({ method: 'GET', url: '/api/v1/customer/status' });
}

export function retrieveCustomer(): Promise<CustomerInfo> {
  return callApi<CustomerInfo>({ method: 'GET', url: '/api/v1/customer/info' });
}

export function updateCustomer(body: UpdateCustomerBody): Promise<CustomerInfo> {
  return callApi<CustomerInfo>({ method: 'PUT', url: '/api/v1/customer/update', data: body });
}

export function retrieveLoginDetail(): Promise<LoginDetail> {
  return callApi<LoginDetail>({ method: 'GET', url: '/api/v1/customer/login-detail' });
}

export function updateCustomerPassword(body: UpdatePasswordBody): Promise<null> {
  return callApi<null>({ method: 'PUT', url: '/api/v1/customer/update-password', data: body });
}

export function askForResetLink(body: ForgotPasswordBody): Promise<ForgotPasswordResult> {
  return callApi<ForgotPasswordResult>({ method: 'POST', url: '/api/v1/password/forgot', data: body });
}

export function checkResetLink(body: ResetCheckBody): Promise<ResetCheckResult> {
  return callApi<ResetCheckResult>({ method: 'POST', url: '/api/v1/password/reset-check', data: body });
}

export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return callApi<null>({ method: 'POST', url: '/api/v1/password/reset', data: body });
}

export function verifyEmail(body: VerifyEmailBody): Promise<EmailVerified> {
  return callApi<EmailVerified>({ method: 'POST', url: '/api/v1/email/verify', data: body });
}

export function resendVerification(): Promise<VerificationSent> {
  return callApi<VerificationSent>({ method: 'POST', url: '/api/v1/email/verification', data: {} });
}
