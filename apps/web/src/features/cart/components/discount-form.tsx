import type { AppliedCoupon } from '@storefront/contract/cart';
import { normaliseCode } from '@storefront/contract/limits';
import type { ShippingOption } from '@storefront/contract/shipping';
import { useId, useRef, useState, type FormEvent } from 'react';
import { callRejectionOf, useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../lib/toast';
import { applyDiscount } from '../cart-slice';
import { unusedCouponNote } from '../coupon-use';

type Props = {
  coupon: AppliedCoupon | null;
  /** The delivery chosen, which a free-delivery coupon may not cover; null while none is. */
  shipping: Pick<ShippingOption, 'service' | 'freeReason'> | null;
  /**
   * At checkout: inside the checkout's own form (a form may not hold another), so the field is a group whose Enter
   * applies the code rather than placing the order; what the coupon does or not is said by the checkout's summary.
   */
  isInCheckout?: boolean;
};

const CODE_MAX = 40;

function checkCode(code: string): string | null {
  if (!code.trim()) return 'Enter a discount code.';
  return normaliseCode(code).length > CODE_MAX ? 'Discount codes are at most 40 characters.' : null;
}

/** Plain markup like the rest of the cart, so the cart paints without waiting for Ant Design. */
export function DiscountForm({ coupon, shipping, isInCheckout = false }: Props) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fieldErrorID = useId();
  const problemID = useId();
  const describedBy = [fieldError && fieldErrorID, problem && problemID].filter(Boolean).join(' ');
  const unusedNote = unusedCouponNote(coupon, shipping);

  const send = async (next: string | null) => {
    setIsSending(true);
    setProblem(null);
    try {
      await dispatch(applyDiscount(next)).unwrap();
      setCode('');
      // Remove goes with the code it took off: the focus goes on to the field, not to the top of the page.
      if (!next) input.current?.focus();
      toast.success(next ? 'Discount code applied.' : 'Discount code removed.');
    } catch (err) {
      const rejection = callRejectionOf(err);
      // A refusal is said once, under the field, which is what a screen reader is pointed at; a toast beside it said
      // it twice. A call that did not reach the store says nothing about the code: the network toast tells that.
      if (rejection?.isNetworkFailure) toast.error(rejection.message);
      else setProblem(rejection?.message ?? 'That discount code could not be applied.');
    } finally {
      setIsSending(false);
    }
  };

  const apply = () => {
    const error = checkCode(code);
    setFieldError(error);
    if (!error) void send(normaliseCode(code));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };

  const fields = (
    <>
      <input
        ref={input}
        className="form-input"
        placeholder="Discount code"
        autoComplete="off"
        aria-label="Discount code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setProblem(null);
          if (fieldError) setFieldError(checkCode(e.target.value));
        }}
        aria-invalid={Boolean(fieldError || problem)}
        aria-describedby={describedBy || undefined}
        onKeyDown={(e) => {
          if (!isInCheckout || e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
        data-testid="cart-discount-input"
      />
      <button
        type={isInCheckout ? 'button' : 'submit'}
        className="shell-button"
        disabled={isSending}
        onClick={isInCheckout ? apply : undefined}
        data-testid="cart-discount-apply"
      >
        {isSending && <span className="shell-spinner" aria-hidden="true" />}
        Apply
      </button>
    </>
  );

  return (
    <div data-testid="cart-discount">
      {coupon && (
        <div className="cart-coupon">
          <span>
            <span
              // Green only while it takes something off; grey when it applies but not to the delivery chosen.
              className={!coupon.isApplicable ? 'tag tag--orange' : unusedNote ? 'tag' : 'tag tag--green'}
              data-testid="cart-coupon-code"
            >
              {coupon.code}
            </span>{' '}
            <span className="text-secondary">{coupon.description}</span>
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => void send(null)}
            disabled={isSending}
            data-testid="cart-coupon-remove"
          >
            Remove
          </button>
        </div>
      )}
      {unusedNote && !isInCheckout && (
        <div className="notice" role="status" data-testid="cart-coupon-unused">
          {unusedNote}
        </div>
      )}
      {!isInCheckout && coupon && !coupon.isApplicable && coupon.problem && (
        <div className="notice notice--warning" role="status" data-testid="cart-coupon-problem">
          {coupon.problem}
        </div>
      )}
      {isInCheckout ? (
        <div className="cart-discount-form" role="group" aria-label="Discount code">
          {fields}
        </div>
      ) : (
        <form className="cart-discount-form" onSubmit={submit} noValidate>
          {fields}
        </form>
      )}
      {fieldError && (
        <div className="form-field__error" id={fieldErrorID} role="alert">
          {fieldError}
        </div>
      )}
      {problem && (
        <div className="text-danger" id={problemID} role="alert" data-testid="cart-discount-error">
          {problem}
        </div>
      )}
    </div>
  );
}
