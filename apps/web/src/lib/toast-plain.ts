export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** As the themed toasts (toastConfig in components/antd-theme.ts): at most 3 at once, 3 seconds each. */
export const TOAST_SHOWN_FOR_MS = 3000;
const MAX_SHOWN = 3;
const STACK_ID = 'plain-toasts';
const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i', warning: '!' };

/**
 * A toast in plain markup (styled in app/global.css), for when the themed toast host's code cannot be fetched:
 * it needs no code but this, so the customer still reads the message offline. Answers a function that closes it
 * before its time.
 */
export function showPlainToast(kind: ToastKind, text: string): () => void {
  let stack = document.getElementById(STACK_ID);
  if (!stack) {
    stack = document.createElement('div');
    stack.id = STACK_ID;
    stack.className = 'plain-toasts';
    document.body.append(stack);
  }
  const item = document.createElement('div');
  item.className = `plain-toast plain-toast--${kind}`;
  item.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');
  item.dataset.testid = 'plain-toast';
  const icon = document.createElement('span');
  icon.className = 'plain-toast__icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = ICONS[kind];
  const message = document.createElement('span');
  message.className = 'plain-toast__text';
  message.textContent = text;
  item.append(icon, message);
  stack.append(item);
  while (stack.children.length > MAX_SHOWN) stack.firstElementChild?.remove();
  const timer = setTimeout(() => item.remove(), TOAST_SHOWN_FOR_MS);
  return () => {
    clearTimeout(timer);
    item.remove();
  };
}
