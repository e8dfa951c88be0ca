import type {
  CustomerMailSent,
  DisableCustomerBody,
  StaffCustomerDetail,
  StaffCustomerList,
  StaffCustomerListQuery,
} from '@storefront/contract/customers-admin';
import { getData, postData } from '../../lib/http/client';

export function listCustomers(query: StaffCustomerListQuery): Promise<StaffCustomerList> {
  return getData<StaffCustomerList>('/customers', {
    q: query.q,
    page: query.page,
    pageSize: query.pageSize,
  });
}

export function readCustomer(customerID: number): Promise<StaffCustomerDetail> {
  return getData<StaffCustomerDetail>(`/customers/${customerID}`);
}

/** Mails the customer a fresh link to verify their address (refused once it is verified). */
export function sendVerificationMail(customerID: number): Promise<CustomerMailSent> {
  return postData<CustomerMailSent>(`/customers/${customerID}/verification-mail`, {});
}

/** Mails the customer the link "forgot password" sends. */
export function sendPasswordResetMail(customerID: number): Promise<CustomerMailSent> {
  return postData<CustomerMailSent>(`/customers/${customerID}/password-reset-mail`, {});
}

/** Disables the account: its sessions end at once and it cannot sign in until enabled. */
export function disableCustomer(customerID: number, body: DisableCustomerBody): Promise<StaffCustomerDetail> {
  return postData<StaffCustomerDetail>(`/customers/${customerID}/disable`, body);
}

export function enableCustomer(customerID: number): Promise<StaffCustomerDetail> {
  return postData<StaffCustomerDetail>(`/customers/${customerID}/enable`, {});
}
