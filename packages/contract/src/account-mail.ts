import { z } from 'zod';
import { password } from './account.js';
import { email, text } from './common.js';

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 30;
/** How long an address verification link works. */
export const VERIFY_LINK_HOURS = 48;

/** The store's pages that mailed links open; the token rides in the query and the page posts it back. */
export const RESET_PAGE_PATH = '/reset-password';
export const VERIFY_PAGE_PATH = '/verify-email';

const linkToken = text(64, { trim: false }).min(1, { error: 'is required' });

export const forgotPasswordBody = z.strictObject({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.strictObject({ token: linkToken, newPassword: password });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Asks whether a reset link still works, without using it, so the page can say so as it opens. */
export const resetCheckBody = z.strictObject({ token: linkToken });
export type ResetCheckBody = z.infer<typeof resetCheckBody>;

/** Only whether it works: why a link no longer does (used, expired, replaced, unknown) is not said. */
export const resetCheckResult = z.object({ valid: z.boolean() });
export type ResetCheckResult = z.infer<typeof resetCheckResult>;

export const verifyEmailBody = z.strictObject({ token: linkToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** The same answer whether or not the address has an account. */
export const forgotPasswordResult = z.object({ message: z.string().max(300) });
export type ForgotPasswordResult = z.infer<typeof forgotPasswordResult>;

export const emailVerified = z.object({ email: z.string().max(254), verified: z.literal(true) });
export type EmailVerified = z.infer<typeof emailVerified>;

export const verificationSent = z.object({ email: z.string().max(254) });
export type VerificationSent = z.infer<typeof verificationSent>;
