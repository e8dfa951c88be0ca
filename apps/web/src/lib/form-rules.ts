import type { FormRule } from 'antd';
import { AU_PHONE_PATTERN, normalisePhone } from '@storefront/contract/limits';

/** Form rules shared by every form that asks for the same thing, worded the same everywhere. */

export function nameRules(what: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: `Enter ${what}.` },
    { max: 50, message: 'At most 50 characters.' },
  ];
}

export const emailRules: FormRule[] = [
  { required: true, message: 'Enter your email address.' },
  { type: 'email', message: 'Enter a valid email address.' },
];

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
      : Promise.reject(new Error('Enter an Australian number, e.g. 0412 345 678.')),
};

/**
 * A refused form shows its first error mid-screen and puts the cursor there: on a phone the button is often the only
 * thing in view, and the errors above it would otherwise go unseen (the sticky header would cover one at the top).
 */
export const SCROLL_TO_FIRST_ERROR = { block: 'center', focus: true } as const;
