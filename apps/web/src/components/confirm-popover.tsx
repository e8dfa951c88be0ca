import { Popconfirm } from 'antd';
import type { PopconfirmProps, TooltipRef } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * Ant Design's Popconfirm, usable by keyboard like an alert dialog: opening it moves focus to its cancel button
 * (the safe choice, so a stray Enter never confirms), Escape closes it, and closing gives focus back to its opener.
 */
export function ConfirmPopover({
  title,
  description,
  onOpenChange,
  okButtonProps,
  cancelButtonProps,
  ...props
}: PopconfirmProps) {
  const popconfirm = useRef<TooltipRef>(null);
  const [timesOpened, setTimesOpened] = useState(0);
  const titleID = useId();
  const descriptionID = useId();
  const cancelID = useId();
  const okID = useId();
  // The pop-up is not a labelled dialog, so each button names the question it answers.
  const describedBy = description ? `${titleID} ${descriptionID}` : titleID;

  const returnFocus = () => {
    const active = document.activeElement;
    // A click elsewhere closes it too; focus then belongs to whatever was clicked.
    const isFocusLost = !active || active === document.body || active.id === cancelID || active.id === okID;
    if (isFocusLost) popconfirm.current?.nativeElement.focus();
  };

  return (
    <Popconfirm
      {...props}
      ref={popconfirm}
      title={
        <span id={titleID}>
          <FocusWhenOpened timesOpened={timesOpened} targetID={cancelID} />
          {typeof title === 'function' ? title() : title}
        </span>
      }
      description={
        description ? (
          <span id={descriptionID}>{typeof description === 'function' ? description() : description}</span>
        ) : undefined
      }
      okButtonProps={{ ...okButtonProps, id: okID, 'aria-describedby': describedBy }}
      cancelButtonProps={{ ...cancelButtonProps, id: cancelID, 'aria-describedby': describedBy }}
      onOpenChange={(nextOpen) => {
        onOpenChange?.(nextOpen);
        if (nextOpen) setTimesOpened((n) => n + 1);
        else returnFocus();
      }}
    />
  );
}

/**
 * Lives inside the pop-up, which enters the page a render after it opens and is not rendered while closed (hence a
 * count, not a flag). A reopened pop-up is still display: none for a frame, and sits off screen until placed beside
 * its opener, hence the frame's wait and no scrolling.
 */
function FocusWhenOpened({ timesOpened, targetID }: { timesOpened: number; targetID: string }) {
  useEffect(() => {
    if (timesOpened === 0) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(targetID)?.focus({ preventScroll: true }),
    );
    return () => cancelAnimationFrame(frame);
  }, [timesOpened, targetID]);
  return null;
}
