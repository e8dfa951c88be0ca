import type { StaffLoginBody, StaffMe, StaffSetPasswordBody } from '@storefront/contract/staff';
import { getData, postData } from '../../lib/http/client';

/** Answers the member; the client keeps the token the answer carries. */
export function signInStaff(body: StaffLoginBody): Promise<StaffMe> {
  return postData<StaffMe>('/login', body);
}

export function readMe(): Promise<StaffMe> {
  return getData<StaffMe>('/me');
}

export function signOutStaff(): Promise<null> {
  return postData<null>('/logout', {});
}

export function setStaffPassword(body: StaffSetPasswordBody): Promise<null> {
  return postData<null>('/password/set', body);
}
