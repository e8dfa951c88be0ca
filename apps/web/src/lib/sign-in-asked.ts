/**
 * Why a page for signed-in customers sent the visitor to sign-in, carried in the history state so the sign-in page
 * can say so (the `redirect` query alone does not tell: the header's Sign in link sets it too). The cart is told
 * apart by whether the guest cart holds items, which signing in merges into the account's cart.
 */
export type SignInAsked = 'cart-with-items' | 'cart' | 'account';

const askedValues: readonly string[] = ['cart-with-items', 'cart', 'account'] satisfies SignInAsked[];

export function signInAskedState(asked: SignInAsked): { signInAsked: SignInAsked } {
  return { signInAsked: asked };
}

export function readSignInAsked(state: unknown): SignInAsked | null {
  if (typeof state !== 'object' || state === null) return null;
  const asked: unknown = Reflect.get(state, 'signInAsked');
  return typeof asked === 'string' && askedValues.includes(asked) ? (asked as SignInAsked) : null;
}
