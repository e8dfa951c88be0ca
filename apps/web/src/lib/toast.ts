import { showPlainToast, TOAST_SHOWN_FOR_MS, type ToastKind } from './toast-plain';

/** As Ant Design's message API (`App.useApp().message`): each toast answers a function that closes it. */
type Toaster = Record<ToastKind, (text: string) => () => void>;
/** Loads the toast host; it rejects when the host's code could not be fetched. */
type ToasterRequest = () => Promise<unknown>;

/**
 * The themed toast API of the mounted <App>, for any code (pages, the HTTP client). The toast host loads with the
 * first toast, so pages that never show one don't load Ant Design's message code before their first paint.
 */
let toaster: Toaster | null = null;
let requestToaster: ToasterRequest | null = null;
let waiting: Waiting[] = [];
let isHostWanted = false;

/** A toast asked for and not yet closed; `close` is there once it is on screen. */
type Shown = { until: number; close: (() => void) | null };
type Waiting = { kind: ToastKind; text: string; shown: Shown };

export function registerToaster(instance: Toaster | null): void {
  toaster = instance;
  if (!instance) return;
  const queued = waiting;
  waiting = [];
  for (const { kind, text, shown } of queued) shown.close = instance[kind](text);
}

/**
 * Asks for the toast host. Should its code not come (offline), the toasts waiting for it are shown plainly rather
 * than lost, and the next toast asks for the host again.
 */
function requestHost(): void {
  void requestToaster?.().catch(() => {
    const queued = waiting;
    waiting = [];
    for (const { kind, text, shown } of queued) shown.close = showPlainToast(kind, text);
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

/** While a toast is on screen, the same message again is not shown twice: by kind and text. */
const shownByMessage = new Map<string, Shown>();

/** Shows a toast; answers a function that closes it (or the same one already on screen) before its time. */
function show(kind: ToastKind, text: string): () => void {
  const message = `${kind}:${text}`;
  const now = Date.now();
  const onScreen = shownByMessage.get(message);
  if (onScreen && onScreen.until > now) return () => close(message, onScreen);
  const shown: Shown = { until: now + TOAST_SHOWN_FOR_MS, close: null };
  shownByMessage.set(message, shown);
  if (toaster) {
    shown.close = toaster[kind](text);
  } else {
    waiting.push({ kind, text, shown });
    requestHost();
  }
  return () => close(message, shown);
}

/** Closes a toast, or drops it while it waits for the host; the same message may then be shown again at once. */
function close(message: string, shown: Shown): void {
  if (shownByMessage.get(message) === shown) shownByMessage.delete(message);
  waiting = waiting.filter((queued) => queued.shown !== shown);
  shown.close?.();
  shown.close = null;
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
};

export function showErrorToast(text: string): () => void {
  return toast.error(text);
}
