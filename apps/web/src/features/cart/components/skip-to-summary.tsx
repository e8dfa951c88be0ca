/**
 * "Skip to summary", the first thing Tab reaches in the cart's lines: with six lines the summary was 40 Tab presses
 * away. Hidden until focused. Enter moves the focus to the summary's heading and scrolls it into view; a link to
 * `#…` would put a hash in the address and give the router a navigation.
 */
export function SkipToSummary() {
  return (
    <a
      href="#cart-summary"
      className="skip-to-summary"
      data-testid="skip-to-summary"
      onClick={(event) => {
        event.preventDefault();
        // The summary is its own component (cart-summary.tsx), the page's one `cart-summary`.
        const heading = event.currentTarget
          .closest('.cart-layout')
          ?.querySelector<HTMLElement>('[data-testid="cart-summary"] h2');
        if (!heading) return;
        heading.setAttribute('tabindex', '-1');
        heading.addEventListener('blur', () => heading.removeAttribute('tabindex'), { once: true });
        heading.focus({ preventScroll: true });
        heading.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to summary
    </a>
  );
}
