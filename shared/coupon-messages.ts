/** Coupon entry and coupon checks (spec §5), in the order they are checked. */
export const couponMessages = {
  empty: 'Please enter a coupon code',
  notAlphanumeric: 'Coupon code can only contain letters and numbers',
  tooShort: 'Coupon code must be at least 4 characters',
  tooLong: 'Coupon code cannot exceed 20 characters',
  emptyCart: 'Add items to cart before applying a coupon',
  zeroTotal: 'Cart total must be greater than 0',
  alreadyApplied: 'Please remove the current coupon before applying a new one',
  invalidInput: 'Invalid input parameters',
  unknown: 'Invalid coupon code',
  misconfigured: 'Invalid coupon configuration',
  inactive: 'Coupon is no longer active',
  expired: 'Coupon has expired',
  usageLimit: 'Coupon usage limit reached',
  alreadyUsed: 'You have already used this coupon',
  badPercentage: 'Invalid discount percentage',
  badFixed: 'Invalid fixed discount amount',
  badType: 'Invalid coupon type',
  exceedsTotal: 'Discount cannot exceed cart total',
  /** Not in the spec: the card processor takes no payment under 50 cents. */
  belowMinimumCharge: 'Discount cannot leave less than $0.50 to pay, the smallest card payment',
  applyFailed: 'Error applying coupon',
  validateFailed: 'Error validating coupon',
  /** Not in the spec: a caller who has tried many codes that do not exist is guessing. */
  tooManyGuesses: 'Too many coupon codes tried. Please wait a minute and try again.',
  applied: (amount: string) => `Coupon applied successfully! You saved ${amount}`,
} as const;
