import type { StaffCreateBody, StaffList, StaffMember, StaffUpdateBody } from '@storefront/contract/staff';
import { getData, postData, putData } from '../../lib/http/client';

export function listStaff(): Promise<StaffList> {
  return getData<StaffList>('/staff');
}

/** Adds a member; the API mails them the one-time link that sets their password. */
export function addStaffMember(body: StaffCreateBody): Promise<StaffMember> {
  return postData<StaffMember>('/staff', body);
}

export function updateStaffMember(staffID: number, body: StaffUpdateBody): Promise<StaffMember> {
  return putData<StaffMember>(`/staff/${staffID}`, body);
}

/** Mails the member a new one-time link to set their password. */
export function sendPasswordLink(staffID: number): Promise<null> {
  return postData<null>(`/staff/${staffID}/password-link`, {});
}
