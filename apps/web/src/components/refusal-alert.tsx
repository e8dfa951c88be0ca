import { Alert } from 'antd';
import type { RefObject } from 'react';

type Props = {
  /** `refusalMessage` of useFormRefusal: shown only when the refusal is about none of the form's fields. */
  message: string | null;
  /** `messageRef` of useFormRefusal: what is scrolled into view and focused. */
  messageRef: RefObject<HTMLDivElement | null>;
  testId: string;
  maxWidth?: number;
};

/** A form's refusal from the server that no field of it carries, above the form. */
export function RefusalAlert({ message, messageRef, testId, maxWidth }: Props) {
  if (!message) return null;
  return (
    <div ref={messageRef} tabIndex={-1}>
      <Alert
        type="error"
        showIcon
        title={message}
        style={{ marginBottom: 16, maxWidth }}
        data-testid={testId}
      />
    </div>
  );
}
