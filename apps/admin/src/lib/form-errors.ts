import type { FormInstance } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError, readErrorMessage } from './http/api-error';
import { SCROLL_TO_FIRST_ERROR } from './form-rules';

/** The form fields a business refusal is about, by catalogue code. */
export type FieldsByCode = Partial<Record<number, string>>;

/**
 * Shows a refused call on the form: a refusal whose code is about a field on that field, a 400's named fields on
 * each (as sentences), the first brought into view with the cursor in it. Answers the message to show above the
 * form when the refusal is about none of its fields, else null.
 */
export function showRefusalOnForm(
  form: FormInstance,
  reason: unknown,
  fieldsByCode: FieldsByCode = {},
): string | null {
  const message = readErrorMessage(reason);
  if (!(reason instanceof ApiError)) return message;
  const formFields = new Set(form.getFieldsError().map(({ name }) => name.join('.')));
  const byCode = reason.code === null ? undefined : fieldsByCode[reason.code];
  let errors: { name: string; errors: string[] }[] = [];
  if (byCode && formFields.has(byCode)) {
    errors = [{ name: byCode, errors: [message] }];
  } else if (reason.code === errorCatalogue.VALIDATION.code) {
    for (const { field, message: fieldMessage } of reason.fields) {
      const name = field.replace(/^body\./, '').split('.')[0] ?? '';
      if (formFields.has(name)) errors.push({ name, errors: [asSentence(fieldMessage)] });
    }
  }
  if (errors.length === 0) return message;
  form.setFields(errors);
  const first = errors[0];
  if (first) form.scrollToField(first.name, SCROLL_TO_FIRST_ERROR);
  return null;
}

function asSentence(message: string): string {
  const text = message.trim();
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
