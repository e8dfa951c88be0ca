import type { FormRule } from 'antd';
import { AU_PHONE_PATTERN, normalisePhone, POST_BOX_PATTERN } from '@storefront/contract/limits';
import { checkEmail } from './check-email';

/** Form rules shared by every form that asks for the same thing, worded the same everywhere. */

/** Spaces around what was typed go before it is checked, as the server drops them before it checks. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export function nameRules(what: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: `Enter ${what}.` },
    { max: 50, transform: trimmed, message: 'At most 50 characters.' },
  ];
}

/** A last name: optional, as many people have one name only (it goes in the first name). */
export const lastNameRules: FormRule[] = [{ max: 50, transform: trimmed, message: 'At most 50 characters.' }];

/**
 * The API's rule for an address (contract email-address.ts), not Ant Design's, which takes addresses the API refuses.
 * A phone keyboard's autocomplete leaves a space after the address: it is not a mistake.
 */
export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: 'Enter your email address.' },
  {
    validator: (_, value: unknown) => {
      const problem =
        typeof value === 'string' && value.trim() !== ''
          ? checkEmail(value, { missing: '', invalid: 'Enter a valid email address.' })
          : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/** For `normalize`: a postcode pasted with spaces around or in it is its digits. */
export function withoutSpaces(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : value;
}

/** Groceries go to a door: the address book takes no PO Box, Locked Bag or parcel locker (the contract's rule). */
export const streetRule: FormRule = {
  validator: (_, value: unknown) =>
    typeof value === 'string' && POST_BOX_PATTERN.test(value)
      ? Promise.reject(
          new Error('We deliver to the door: enter a street address, not a PO Box or Locked Bag.'),
        )
      : Promise.resolve(),
};

export function newPasswordRules(requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    { min: 8, message: 'Use at least 8 characters.' },
    { max: 128, message: 'At most 128 characters.' },
  ];
}

/** The confirmation field must repeat the value of `field`. */
export function confirmPasswordRules(field: string, requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: (_, value: unknown) =>
        value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error('The passwords do not match.')),
    }),
  ];
}

/** An Australian phone number; empty passes unless a `required` rule stands beside it. */
export const phoneRule: FormRule = {
  validator: (_, value: unknown) =>
    typeof value !== 'string' || value.trim() === '' || AU_PHONE_PATTERN.test(normalisePhone(value))
      ? Promise.resolve()
      : Promise.reject(
          new Error('Enter an Australian number with its area code, e.g. 0412 345 678 or 02 9876 5432.'),
        ),
};

/**
 * A refused form shows its first error mid-screen and puts the cursor there: on a phone the button is often the only
 * thing in view, and the errors above it would otherwise go unseen (the sticky header would cover one at the top).
 */
export const SCROLL_TO_FIRST_ERROR = { block: 'center', focus: true } as const;
