import type { StaffRole } from '@storefront/contract/staff';

/** What each role may do, as the API's role table has it (README, "Staff roles"). */
export const roleHelp: Record<StaffRole, string> = {
  owner: 'Everything, and the only role that manages staff.',
  manager: 'The shop (dashboard, audit log) but not staff.',
  picker: 'Pick lists and packing, on a phone.',
  support: 'Reads customers and orders, resends mails.',
};
