/** What a browser does when the focused button is disabled, and jsdom does not: focus falls to the body. */
export function dropFocusToBody(): void {
  const standIn = document.createElement('input');
  document.body.append(standIn);
  standIn.focus();
  standIn.remove();
}
