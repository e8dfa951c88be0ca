import type { MessageInstance } from 'antd/es/message/interface';

type ToastKind = 'success' | 'error' | 'info' | 'warning';
type Toaster = Pick<MessageInstance, ToastKind>;

/**
 * The themed toast API of the mounted <App>, for any code (pages, the HTTP client). The toast host loads with the
 * first toast, so pages that never show one don't load Ant Design's message code before their first paint.
 */
let toaster: Toaster | null = null;
let requestToaster: (() => void) | null = null;
let waiting: [ToastKind, string][] = [];
let isHostWanted = false;

export function registerToaster(instance: Toaster | null): void {
  toaster = instance;
  if (!instance) return;
  const queued = waiting;
  waiting = [];
  for (const [kind, text] of queued) void instance[kind](text);
}

/** Called by the layout: how to mount the toast host when a toast is asked for before it is there. */
export function setToasterRequest(request: (() => void) | null): void {
  requestToaster = request;
  if (request && !toaster && (isHostWanted || waiting.length > 0)) request();
}

/** Mounts the toast host ahead of the first toast, e.g. once a visitor starts filling in a form. */
export function prepareToasts(): void {
  isHostWanted = true;
  if (!toaster) requestToaster?.();
}

/** How long a toast is on screen (toastConfig.duration): the same message again within it is not shown twice. */
const SHOWN_FOR_MS = 3000;
const shownUntil = new Map<string, number>();

function isShowing(kind: ToastKind, text: string): boolean {
  const key = `${kind}:${text}`;
  const now = Date.now();
  if ((shownUntil.get(key) ?? 0) > now) return true;
  shownUntil.set(key, now + SHOWN_FOR_MS);
  return false;
}

function show(kind: ToastKind, text: string): void {
  if (isShowing(kind, text)) return;
  if (toaster) {
    void toaster[kind](text);
    return;
  }
  waiting.push([kind, text]);
  requestToaster?.();
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
};

export function showErrorToast(text: string): void {
  toast.error(text);
}
