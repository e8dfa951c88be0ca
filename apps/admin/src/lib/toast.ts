/** As Ant Design's message API (`App.useApp().message`), for code outside React (the HTTP client). */
type Toaster = { error: (text: string) => unknown };

let toaster: Toaster | null = null;

/** Called by the app shell with the mounted <App>'s themed message API. */
export function registerToaster(instance: Toaster | null): void {
  toaster = instance;
}

export function showErrorToast(text: string): void {
  toaster?.error(text);
}

/** Toasts (DESIGN section 6): at most 3 at once, 3 seconds each, 300 px from the top (half way on a short screen). */
export const toastConfig = { top: 'min(300px, 50vh)', duration: 3, maxCount: 3 } as const;
