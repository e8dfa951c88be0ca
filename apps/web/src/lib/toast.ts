import type { MessageInstance } from 'antd/es/message/interface';

/** The themed toast API of the mounted <App>, so code outside React (the HTTP client) can show toasts. */
let toaster: MessageInstance | null = null;

export function registerToaster(instance: MessageInstance | null): void {
  toaster = instance;
}

export function showErrorToast(text: string): void {
  if (toaster) void toaster.error(text);
  else console.error(text);
}
