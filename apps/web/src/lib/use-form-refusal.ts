import type { FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SCROLL_TO_FIRST_ERROR } from './form-rules';
import { findFieldErrors, type FieldsByCode, type Refusal } from './form-refusal';

type Shown = { field: string | null; message: string | null };

/**
 * Shows what the server refused the way a refused client-side validation is shown: on the fields it is about, the
 * first brought into view with the cursor in it, or, about none of them, its message (put `messageRef` on the element
 * that shows `refusalMessage`) brought into view and focused. On a phone the submit button is often all there is in
 * view, and a message at the top of the form would go unseen.
 */
export function useFormRefusal(form: FormInstance, fieldsByCode?: FieldsByCode) {
  const [shown, setShown] = useState<Shown | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  // After the render that follows the answer: the form is enabled again by then, and a disabled field takes no cursor.
  useEffect(() => {
    if (!shown) return;
    if (shown.field) {
      form.scrollToField(shown.field, SCROLL_TO_FIRST_ERROR);
      return;
    }
    messageRef.current?.scrollIntoView({ block: 'center' });
    messageRef.current?.focus({ preventScroll: true });
  }, [shown, form]);

  const showRefusal = (refusal: Refusal) => {
    const formFields = form.getFieldsError().map(({ name }) => name.join('.'));
    const fieldErrors = findFieldErrors(refusal, formFields, fieldsByCode);
    form.setFields(fieldErrors);
    setShown({
      field: fieldErrors[0]?.name ?? null,
      message: fieldErrors.length > 0 ? null : refusal.message,
    });
  };

  const clearRefusal = useCallback(() => setShown(null), []);

  return { refusalMessage: shown?.message ?? null, messageRef, showRefusal, clearRefusal };
}
