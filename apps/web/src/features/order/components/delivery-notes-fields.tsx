import { Checkbox, Form, Input } from 'antd';
import { countCharacters, DELIVERY_NOTES_MAX, firstCharacters } from '@storefront/contract/limits';

/**
 * The instructions for the driver and the authority to leave, as form fields named `deliveryNotes` and
 * `leaveUnattended`: at checkout and when changing them on the order's page. `testIdPrefix` names their test ids;
 * `autoFocus` puts focus in the instructions when the fields open in place of the control that opened them.
 */
export function DeliveryNotesFields({
  testIdPrefix,
  autoFocus = false,
}: {
  testIdPrefix: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Form.Item name="deliveryNotes" label="Instructions for the driver (optional)">
        <Input.TextArea
          autoFocus={autoFocus}
          // Counted as the server counts, an emoji as one (the default counts UTF-16 units: an emoji was two).
          count={{
            show: true,
            max: DELIVERY_NOTES_MAX,
            strategy: countCharacters,
            exceedFormatter: (text, { max }) => firstCharacters(text, max),
          }}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder="A gate code, where to leave it, a dog to watch out for"
          data-testid={`${testIdPrefix}-notes`}
        />
      </Form.Item>
      <Form.Item name="leaveUnattended" valuePropName="checked">
        <Checkbox data-testid={`${testIdPrefix}-leave-unattended`}>
          If nobody is home, leave it at the door
        </Checkbox>
      </Form.Item>
    </>
  );
}
