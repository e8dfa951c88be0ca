/** The one catalogue of error codes. Codes above 100000 are failures; the HTTP status is the one the API answers with. */
export const errorCatalogue = {
  VALIDATION: { code: 100001, status: 400, msg: 'Some of the details sent are not valid.' },
  NOT_FOUND: { code: 100002, status: 404, msg: 'Not found.' },
  STATE_CONFLICT: { code: 100003, status: 200, msg: 'That cannot be done right now.' },
  NO_SUCH_ROUTE: { code: 100004, status: 404, msg: 'No such route.' },
  NOT_SIGNED_IN: { code: 100010, status: 401, msg: 'Please sign in to continue.' },
  FORBIDDEN: { code: 100012, status: 403, msg: 'Your role does not allow this.' },
  IDEMPOTENCY_KEY_REUSED: {
    code: 100005,
    status: 409,
    msg: 'This Idempotency-Key was already used for a different request.',
  },
  REQUEST_TIMEOUT: { code: 100008, status: 408, msg: 'The request took too long to arrive.' },
  PAYLOAD_TOO_LARGE: { code: 100013, status: 413, msg: 'The request is too large.' },
  URI_TOO_LONG: { code: 100014, status: 414, msg: 'The address of the request is too long.' },
  HEADERS_TOO_LARGE: { code: 100031, status: 431, msg: 'The request headers are too large.' },
  RATE_LIMITED: { code: 100029, status: 429, msg: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { code: 100500, status: 500, msg: 'Something went wrong on our side. Please try again.' },
  UNAVAILABLE: {
    code: 100503,
    status: 503,
    msg: 'The store is temporarily unavailable. Please try again in a moment.',
  },
  // Readiness (/api/v1/health/ready): the message names what is not ready.
  NOT_READY: { code: 100504, status: 503, msg: 'This server is not ready to take requests.' },

  EMAIL_TAKEN: { code: 100101, status: 200, msg: 'An account with this email already exists.' },
  WRONG_CREDENTIALS: { code: 100102, status: 200, msg: 'The email or password is incorrect.' },
  WRONG_PASSWORD: { code: 100103, status: 200, msg: 'The current password is incorrect.' },
  GOOGLE_TOKEN_INVALID: { code: 100104, status: 200, msg: 'Google sign-in could not be verified.' },
  GOOGLE_NOT_CONFIGURED: { code: 100105, status: 200, msg: 'Google sign-in is not available.' },
  ACCOUNT_DISABLED: { code: 100106, status: 200, msg: 'This account is disabled.' },
  PASSWORD_UNCHANGED: {
    code: 100107,
    status: 200,
    msg: 'The new password must differ from the current one.',
  },
  UNKNOWN_POSTCODE: {
    code: 100108,
    status: 200,
    msg: 'That postcode and suburb are not a known Australian locality.',
  },
  GOOGLE_EMAIL_UNVERIFIED: {
    code: 100109,
    status: 200,
    msg: 'Google has not verified the email address of that Google account. Verify it with Google, or register with a password.',
  },
  GOOGLE_EMAIL_REFUSED: {
    code: 100111,
    status: 200,
    msg: 'The email address of that Google account has a letter other than a-z, digits and symbols such as . _ + - before the @, and mail to it may not arrive. Register with a password and another address.',
  },
  NO_PASSWORD_SET: {
    code: 100110,
    status: 200,
    msg: 'This account signs in with Google and has no password to change. Choose one with a reset link sent to your email.',
  },

  RESET_LINK_INVALID: {
    code: 100121,
    status: 200,
    msg: 'This password reset link has expired or was already used. Ask for a new one.',
  },
  VERIFY_LINK_INVALID: {
    code: 100122,
    status: 200,
    msg: 'This verification link has expired or was already used. Send a new one from your account.',
  },
  EMAIL_ALREADY_VERIFIED: { code: 100123, status: 200, msg: 'Your email address is already verified.' },

  SUBURB_MISMATCH: { code: 100201, status: 200, msg: 'The postcode, suburb and state do not match.' },
  ADDRESS_LIMIT: { code: 100202, status: 200, msg: 'The address book is full. Delete an address first.' },

  WISHLIST_LIMIT: { code: 100301, status: 200, msg: 'The wishlist is full.' },

  NOT_ENOUGH_STOCK: { code: 100401, status: 200, msg: 'There is not enough stock for that quantity.' },
  PRODUCT_UNAVAILABLE: { code: 100402, status: 200, msg: 'This product is not available.' },
  COUPON_INVALID: { code: 100403, status: 200, msg: 'That discount code is not valid.' },
  COUPON_EXPIRED: { code: 100404, status: 200, msg: 'That discount code has expired.' },
  COUPON_MIN_SPEND: { code: 100405, status: 200, msg: 'The cart is below the minimum spend for that code.' },
  COUPON_USED_UP: { code: 100406, status: 200, msg: 'That discount code has been used up.' },
  COUPON_NOT_STARTED: { code: 100407, status: 200, msg: 'That discount code is not active yet.' },
  CART_FULL: { code: 100408, status: 200, msg: 'The cart is full.' },
  QUANTITY_LIMIT: { code: 100409, status: 200, msg: 'At most 99 of one product fit in the cart.' },

  NO_DESTINATION: { code: 100501, status: 200, msg: 'Choose a delivery suburb to see shipping costs.' },
  NOTHING_SELECTED: { code: 100502, status: 200, msg: 'Select at least one item.' },

  ORDER_NOT_CANCELLABLE: { code: 100601, status: 200, msg: 'This order can no longer be cancelled.' },
  ORDER_ADDRESS_LOCKED: { code: 100602, status: 200, msg: 'The delivery address can no longer be changed.' },
  CART_EMPTY: { code: 100603, status: 200, msg: 'There is nothing selected to order.' },
  NOT_ENOUGH_CREDIT: { code: 100604, status: 200, msg: 'There is not enough store credit.' },
  ORDER_TOTAL_CHANGED: {
    code: 100605,
    status: 200,
    msg: 'The order total has changed. Please check the new total and place the order again.',
  },
  ORDER_ZONE_CHANGED: {
    code: 100606,
    status: 200,
    msg: 'That address is in another delivery zone, which changes the shipping price. Cancel the order and order again to ship there.',
  },
  ORDER_UNPAID_LIMIT: {
    code: 100607,
    status: 200,
    msg: 'You have orders waiting for payment. Pay for one, or cancel it, before placing another.',
  },
  ORDER_NOTES_LOCKED: {
    code: 100608,
    status: 200,
    msg: 'The delivery instructions can no longer be changed.',
  },
  ORDER_SUBSTITUTES_LOCKED: {
    code: 100609,
    status: 200,
    msg: 'Substitutes can no longer be changed.',
  },
  ORDER_MOVE_REFUSED: {
    code: 100611,
    status: 200,
    msg: 'The order cannot take that step from where it is.',
  },
  SUBSTITUTE_NOT_ALLOWED: {
    code: 100612,
    status: 200,
    msg: 'The customer asked for no substitute for that item: pack fewer instead, and it is refunded.',
  },
  REFUND_TOO_MUCH: { code: 100613, status: 200, msg: 'That is more than is left to refund on this order.' },
  TRACKING_REQUIRED: { code: 100614, status: 200, msg: 'A courier order needs its tracking reference.' },
  ORDER_BELOW_MINIMUM: {
    code: 100615,
    status: 200,
    msg: 'The order is below the minimum for delivery to this address. Add more to your cart.',
  },
  ADDRESS_NOT_A_DOOR: {
    code: 100610,
    status: 200,
    msg: 'We deliver to a door, not to a PO Box, locked bag or parcel locker. Choose or add a street address.',
  },

  STAFF_WRONG_CREDENTIALS: { code: 101101, status: 200, msg: 'The email or password is incorrect.' },
  STAFF_OTP_REQUIRED: {
    code: 101102,
    status: 200,
    msg: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  },
  STAFF_OTP_INVALID: { code: 101103, status: 200, msg: 'That code is not right, or was already used.' },
  STAFF_MFA_REQUIRED: {
    code: 101104,
    status: 200,
    msg: 'Set up two-factor sign-in (My account) before making changes.',
  },
  STAFF_EMAIL_TAKEN: { code: 101105, status: 200, msg: 'A staff member with this email already exists.' },
  STAFF_LINK_INVALID: {
    code: 101106,
    status: 200,
    msg: 'This link has expired or was already used. Ask the shop owner for a new one.',
  },
  STAFF_MFA_NOT_STARTED: {
    code: 101107,
    status: 200,
    msg: 'Start setting up two-factor sign-in first, then enter a code from the app.',
  },
  STAFF_LAST_OWNER: {
    code: 101108,
    status: 200,
    msg: 'The shop needs an active owner: make someone else owner first.',
  },
  STAFF_WRONG_PASSWORD: { code: 101109, status: 200, msg: 'The current password is incorrect.' },
  STAFF_DISABLED: {
    code: 101110,
    status: 200,
    msg: 'This staff account is disabled. Ask the shop owner.',
  },

  // Catalogue: products and stock (1012xx).
  PRODUCT_SKU_TAKEN: { code: 101201, status: 200, msg: 'Another product already has this SKU.' },
  PRODUCT_STALE: {
    code: 101202,
    status: 200,
    msg: 'Someone else changed this product since you opened it. Reload it and make your change again.',
  },
  STOCK_BELOW_ZERO: {
    code: 101203,
    status: 200,
    msg: 'That would take the stock below zero.',
  },
  // Product import and images (1013xx).
  PRODUCT_IMPORT_CONFLICT: {
    code: 101301,
    status: 200,
    msg: 'Someone else added some of these products while the file was importing. Check the file again.',
  },
  IMAGE_NOT_SUPPORTED: {
    code: 101320,
    status: 200,
    msg: 'The file is not a JPEG, PNG or WebP image. Save it as one of those and upload it again.',
  },
  IMAGE_DAMAGED: {
    code: 101321,
    status: 200,
    msg: 'The image file is damaged or incomplete and cannot be read. Save it again and upload the new file.',
  },
  IMAGE_TOO_LARGE: { code: 101322, status: 413, msg: 'The image is too large: upload one of up to 5 MB.' },
  IMAGE_TOO_MANY_PIXELS: {
    code: 101323,
    status: 200,
    msg: 'The image has too many pixels: upload one of at most 50 megapixels (for example 8000 × 6000).',
  },
  // Delivery windows and closures, staff side (1014xx).
  DELIVERY_TEMPLATE_START_TAKEN: {
    code: 101401,
    status: 200,
    msg: 'Another window of this zone already starts at that time.',
  },
  DELIVERY_CAPACITY_BELOW_BOOKED: {
    code: 101402,
    status: 200,
    msg: 'The capacity cannot go below what is already booked in a coming window.',
  },
  DELIVERY_TEMPLATE_BOOKED: {
    code: 101403,
    status: 200,
    msg: 'Orders are booked in the coming windows this change would take away or retime. Move or cancel them first.',
  },
  DELIVERY_CLOSURE_PAST: {
    code: 101404,
    status: 200,
    msg: 'That day has passed: close today or a later day.',
  },
  DELIVERY_CLOSURE_BOOKED: {
    code: 101405,
    status: 200,
    msg: 'Orders are booked for delivery that day. Move or cancel them first.',
  },
  DELIVERY_CLOSURE_EXISTS: { code: 101406, status: 200, msg: 'Delivery is already closed that day.' },
  // Coupons and vouchers, staff side (1015xx).
  COUPON_CODE_TAKEN: { code: 101501, status: 200, msg: 'Another coupon already has this code.' },
  COUPON_LIMIT_BELOW_USES: {
    code: 101502,
    status: 200,
    msg: 'The usage limit cannot be below the number of times the coupon has been used.',
  },
  COUPON_CUSTOMERS_UNKNOWN: {
    code: 101503,
    status: 200,
    msg: 'No customer account has some of these emails. Nothing was given.',
  },
  COUPON_ENDED: {
    code: 101504,
    status: 200,
    msg: 'This coupon has ended. Give it new dates before giving it to customers.',
  },
  VOUCHER_BATCH_TAKEN: {
    code: 101505,
    status: 200,
    msg: 'A batch with this label already exists. Choose another label.',
  },
  VOUCHER_EXPIRY_PAST: { code: 101506, status: 200, msg: 'The expiry must be in the future.' },
  // Customers, staff side (1016xx).
  CUSTOMER_ALREADY_VERIFIED: {
    code: 101601,
    status: 200,
    msg: "This customer's email address is already verified: there is no verification mail to send.",
  },
  CUSTOMER_DISABLED: {
    code: 101602,
    status: 200,
    msg: 'This customer account is disabled: enable it before sending it mail.',
  },
  // Shopping lists (1017xx).
  SHOPPING_LIST_NAME_TAKEN: { code: 101701, status: 200, msg: 'You already have a list with that name.' },
  SHOPPING_LIST_LIMIT: {
    code: 101702,
    status: 200,
    msg: 'You have as many lists as you can keep (50). Delete one to make another.',
  },
  SHOPPING_LIST_FULL: {
    code: 101703,
    status: 200,
    msg: 'This list holds as many products as it can (200). Remove some to add others.',
  },
  SHOPPING_LIST_QUANTITY_LIMIT: {
    code: 101704,
    status: 200,
    msg: 'At most 99 of one product fit on a list.',
  },
  SHOPPING_LIST_EMPTY: { code: 101705, status: 200, msg: 'This list has no products to add.' },

  DELIVERY_WINDOW_REQUIRED: {
    code: 101001,
    status: 200,
    msg: 'Choose a delivery window for this address.',
  },
  DELIVERY_WINDOW_FULL: {
    code: 101002,
    status: 200,
    msg: 'That delivery window has just filled up. Please choose another.',
  },
  DELIVERY_WINDOW_CLOSED: {
    code: 101003,
    status: 200,
    msg: 'Bookings for that delivery window have closed. Please choose a later one.',
  },
  DELIVERY_WINDOW_UNAVAILABLE: {
    code: 101004,
    status: 200,
    msg: 'That delivery window is not offered for this address.',
  },
  DELIVERY_WINDOW_LOCKED: {
    code: 101006,
    status: 200,
    msg: 'The delivery window of this order can no longer be changed.',
  },
  DELIVERY_WINDOW_PRICE_DIFFERS: {
    code: 101005,
    status: 200,
    msg: 'That window costs a different amount. Choose one at the same price, or cancel the order and order again.',
  },
  DELIVERY_EXPRESS_NOT_OFFERED: {
    code: 101007,
    status: 200,
    msg: 'Express delivery is not offered to this address: its orders come in the delivery window you choose.',
  },

  VOUCHER_INVALID: { code: 100701, status: 200, msg: 'That voucher code is not valid.' },
  VOUCHER_REDEEMED: { code: 100702, status: 200, msg: 'That voucher has already been redeemed.' },
  VOUCHER_EXPIRED: { code: 100703, status: 200, msg: 'That voucher has expired.' },

  NEWSLETTER_EMAIL_REQUIRED: { code: 100801, status: 200, msg: 'Enter an email address to subscribe.' },
  NEWSLETTER_LINK_INVALID: {
    code: 100802,
    status: 200,
    msg: 'This unsubscribe link is not valid. Use the link in your latest newsletter, or sign in to unsubscribe.',
  },
  NEWSLETTER_CONFIRM_LINK_INVALID: {
    code: 100803,
    status: 200,
    msg: 'This confirmation link has expired or is not valid. Subscribe again to get a new one.',
  },

  PAYMENT_DECLINED: {
    code: 100901,
    status: 200,
    msg: 'The payment was declined. Please try another way to pay.',
  },
  PAYMENT_UNAVAILABLE: {
    code: 100902,
    status: 200,
    msg: 'The payment service is not responding. Please try again in a moment.',
  },
  PAYMENT_UNCONFIRMED: {
    code: 100903,
    status: 200,
    msg: "We could not confirm your payment yet. Please don't pay again; your order will update in a few minutes.",
  },
  PAYMENT_AMOUNT_MISMATCH: {
    code: 100904,
    status: 200,
    msg: 'The amount paid does not match the order total. Any payment taken will be refunded.',
  },
  PAYMENT_NOT_APPROVED: { code: 100905, status: 200, msg: 'The payment has not been approved yet.' },
  PAYMENT_METHOD_UNAVAILABLE: {
    code: 100906,
    status: 200,
    msg: 'This payment method is not available for this order total.',
  },
  PAYMENT_EXPIRED: {
    code: 100907,
    status: 200,
    msg: 'This payment has expired. Please start the payment again.',
  },
  PAYMENT_REFUSED: {
    code: 100910,
    status: 200,
    msg: 'The payment provider refused this payment, so nothing was taken. You can pay again now.',
  },
  PAYMENT_INSTRUMENT_DECLINED: {
    code: 100911,
    status: 200,
    msg: 'PayPal could not take the payment from that card or account, so nothing was taken. Pay again with PayPal to choose another, or choose another way to pay.',
  },
  ORDER_NOT_PAYABLE: { code: 100908, status: 200, msg: 'This order has nothing left to pay.' },
  ORDER_PAY_BY_PASSED: {
    code: 100909,
    status: 200,
    msg: 'The time to pay this order has ended: it is being cancelled and its items go back on the shelf.',
  },
} as const satisfies Record<string, { code: number; status: number; msg: string }>;

export type ErrorName = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorName]['code'];

/** Any code above this is a failure (spec section 7). */
export const SUCCESS_CODE_LIMIT = 100000;
export const SUCCESS_CODE = 0;

export function isFailureCode(code: number): boolean {
  return code > SUCCESS_CODE_LIMIT;
}
