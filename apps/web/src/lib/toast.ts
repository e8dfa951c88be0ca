import type { MessageInstance } from 'antd/es/message/interface';
import { showPlainToast, TOAST_SHOWN_FOR_MS, type ToastKind } from './toast-plain';

type Toaster = Pick<MessageInstance, ToastKind>;
/** Loads the toast host; it rejects when the host's code could not be fetched. */
type ToasterRequest = () => Promise<unknown>;

/**
 * The themed toast API of the mounted <App>, for any code (pages, the HTTP client). The toast host loads with the
 * first toast, so pages that never show one don't load Ant Design's message code before their first paint.
 */
let toaster: Toaster | null = null;
let requestToaster: ToasterRequest | null = null;
let waiting: [ToastKind, string][] = [];
let isHostWanted = false;

export function registerToaster(instance: Toaster | null): void {
  toaster = instance;
  if (!instance) return;
  const queued = waiting;
  waiting = [];
  for (const [kind, text] of queued) void instance[kind](text);
}

/**
 * Asks for the toast host. Should its code not come (offline), the toasts waiting for it are shown plainly rather
 * than lost, and the next toast asks for the host again.
 */
function requestHost(): void {
  void requestToaster?.().catch(() => {
    const queued = waiting;
    waiting = [];
    for (const [kind, text] of queued) showPlainToast(kind, text);
  });
}

/** Called by the layout: how to mount the toast host when a toast is asked for before it is there. */
export function setToasterRequest(request: ToasterRequest | null): void {
  requestToaster = request;
  if (request && !toaster && (isHostWanted || waiting.length > 0)) requestHost();
}

/** Mounts the toast host ahead of the first toast, e.g. once a visitor starts filling in a form. */
export function prepareToasts(): void {
  isHostWanted = true;
  if (!toaster) requestHost();
}

/** While a toast is on screen, the same message again is not shown twice. */
const shownUntil = new Map<string, number>();

function isShowing(kind: ToastKind, text: string): boolean {
  const key = `${kind}:${text}`;
  const now = Date.now();
  if ((shownUntil.get(key) ?? 0) > now) return true;
  shownUntil.set(key, now + TOAST_SHOWN_FOR_MS);
  return false;
}

function show(kind: ToastKind, text: string): void {
  if (isShowing(kind, text)) return;
  if (toaster) {
    void toaster[kind](text);
    return;
  }
  waiting.push([kind, text]);
  requestHost();
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
