import type { FormRule } from 'antd';

/** A contract schema, as far as a form rule needs it (zod's safeParse). */
type FieldSchema = {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { message: string }[] } };
};

/**
 * A form rule checking a field with the contract's own schema, so the form refuses what the API would refuse and
 * says it the same way: "Email must be an email address." Empty values are left to a `required` rule.
 */
export function schemaRule(schema: FieldSchema, label: string): FormRule {
  return {
    validator: (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const result = schema.safeParse(value);
      if (result.success) return Promise.resolve();
      const issue = result.error.issues[0]?.message ?? 'is not valid';
      return Promise.reject(new Error(`${label} ${issue.replace(/\.$/, '')}.`));
    },
  };
}

/** The confirmation field must repeat the value of `field`. */
export function sameAsRule(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
}

/**
 * A code as staff type it: a recovery code in capitals or a 6-digit code with a space in the middle is what they
 * mean; the API takes `123456` or `abcde-fghij`.
 */
export function normaliseOneTimeCode(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : '';
}

/** A refused form shows its first error mid-screen with the cursor in it. */
export const SCROLL_TO_FIRST_ERROR = { block: 'center', focus: true } as const;
