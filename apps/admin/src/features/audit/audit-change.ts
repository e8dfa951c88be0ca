import type { AuditEntry } from '@storefront/contract/staff';
import { describeImport, formatValue } from './audit-values';

/** One field of an entry as it reads on screen: what it was and what it became (null: absent on that side). */
export type FieldChange = { field: string; label: string; before: string | null; after: string | null };

type Fields = Record<string, unknown>;

const actionLabels: Record<string, string> = {
  'staff.created': 'Added a staff member',
  'staff.updated': 'Changed a staff member',
  'staff.password_set': 'Set a password from the mailed link',
  'staff.password_changed': 'Changed their password',
  'staff.password_link_sent': 'Sent a password link',
  'staff.mfa_enrolment_started': 'Began turning on two-factor sign-in',
  'staff.mfa_enabled': 'Turned on two-factor sign-in',
  'staff.recovery_codes_renewed': 'Made new recovery codes',
  'product.create': 'Added a product',
  'product.update': 'Changed product',
  'product.stock': 'Adjusted stock',
  'product.image': 'Uploaded an image',
  'product.import': 'Imported products',
  'delivery_template.create': 'Added a delivery window',
  'delivery_template.update': 'Changed a delivery window',
  'delivery_closure.create': 'Closed a delivery day',
  'delivery_closure.delete': 'Reopened a delivery day',
  'delivery_zone.update': "Changed a zone's minimum order",
  'coupon.create': 'Made a coupon',
  'coupon.update': 'Changed a coupon',
  'coupon.end': 'Ended a coupon',
  'coupon.give': 'Gave a coupon to customers',
  'voucher.batch.create': 'Made gift vouchers',
  'customer.disabled': 'Disabled a customer account',
  'customer.enabled': 'Enabled a customer account',
  'customer.verification_mail_sent': 'Resent the email address check',
  'customer.password_reset_mail_sent': 'Sent a password reset link',
  'order.picking': 'Started picking an order',
  'order.packed': 'Packed an order',
  'order.out_for_delivery': 'Sent an order out for delivery',
  'order.shipped': 'Shipped an order',
  'order.delivered': 'Marked an order delivered',
  'order.cancelled': 'Cancelled an order',
  'order.refunded': 'Refunded an order',
};

const fieldLabels: Record<string, string> = {
  email: 'Email',
  name: 'Name',
  role: 'Role',
  disabled: 'Disabled',
  mfaEnabled: 'Two-factor',
  hasPassword: 'Password set',
  sku: 'SKU',
  category: 'Aisle',
  gstFree: 'GST-free',
  weightGrams: 'Weight',
  isActive: 'Active',
  allergensContains: 'Contains',
  allergensMayContain: 'May contain',
  originStatement: 'Origin',
  dietary: 'Dietary',
  imageUrl: 'Image',
  thumbnailUrl: 'Thumbnail',
  priceDelta: 'Price difference',
  cutoffMinutes: 'Booking closes',
  weekdays: 'Days',
  startTime: 'Starts',
  endTime: 'Ends',
  startsAt: 'Starts',
  endsAt: 'Ends',
  kind: 'Kind',
  value: 'Discount',
  minSpend: 'Minimum spend',
  minimumOrder: 'Minimum order',
  perCustomerLimit: 'Uses per customer',
  usageLimit: 'Uses in all',
  isPersonal: 'Personal',
  customerIDs: 'Customers',
  count: 'Vouchers',
  amount: 'Amount each',
  expiresAt: 'Expires',
  amountCents: 'Amount',
  refunded: 'Refunded in all',
  lineID: 'Product',
  lines: 'Packed (product × quantity)',
  outcome: 'Products',
};

const without =
  (...left: string[]) =>
  (fields: Fields): Fields =>
    Object.fromEntries(Object.entries(fields).filter(([field]) => !left.includes(field)));

/** An action's fields as they read best: what the target already says left out, counts put in a sentence. */
const reshape: Record<string, (fields: Fields) => Fields> = {
  'product.create': without('productID', 'version', 'updatedAt', 'thumbnailUrl'),
  'product.import': (fields) => {
    const outcome = describeImport(fields);
    if (outcome === null) return fields;
    return { ...without('created', 'updated', 'unchanged')(fields), outcome };
  },
  'delivery_template.create': without('templateID'),
};

/** "staff.created" as a sentence; an action the app does not know yet reads as its words. */
export function describeAction(action: string): string {
  const known = actionLabels[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelOf(field: string): string {
  const known = fieldLabels[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The fields an entry changed: on an update only those whose value differs, on a creation every field it was
 * given, on a removal every field it had.
 */
export function listChanges(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>): FieldChange[] {
  const { action } = entry;
  const shape = reshape[action] ?? ((fields: Fields) => fields);
  const before = entry.before === null ? null : shape(entry.before);
  const after = entry.after === null ? null : shape(entry.after);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const hasBefore = before !== null && field in before;
    const hasAfter = after !== null && field in after;
    const was = before?.[field];
    const is = after?.[field];
    if (hasBefore && hasAfter && JSON.stringify(was) === JSON.stringify(is)) continue;
    changes.push({
      field,
      label: labelOf(field),
      before: hasBefore ? formatValue(field, was, { action, record: { ...after, ...before } }) : null,
      after: hasAfter ? formatValue(field, is, { action, record: { ...before, ...after } }) : null,
    });
  }
  return changes;
}
