import { createAction, createSlice } from '@reduxjs/toolkit';
import type {
  CustomerInfo,
  GoogleAuthBody,
  LoginBody,
  RegisterBody,
  UpdateCustomerBody,
  UserInfo,
} from '@storefront/contract/account';
import { createCallThunk, readRejection } from '../../app/hooks';
import type { AsyncStatus } from '../../lib/async-status';
import { createFormThunk, readFormRejection } from '../../lib/form-refusal';
import {
  clearSession,
  hasSession,
  isSessionKept,
  markSession,
  type SessionMark,
  readEmail,
  readUserInfoCookie,
  saveEmail,
  saveExpiresAt,
  saveUserInfoCookie,
} from '../../lib/http/session';
import {
  authenticateWithGoogle,
  loginCustomer,
  logoutCustomer,
  logoutCustomerEverywhere,
  registerCustomer,
  retrieveCustomerStatus,
  retrieveUserInfo,
  updateCustomer,
} from './api';

export const DEFAULT_POST_CODE = '2000';

export type UserInfoState = { status: AsyncStatus; error: string | null; data: UserInfo | null };

/** The user kept in the cookie, unless the session stored now is another customer's (switched in another tab). */
export function readInitialUserInfoState(): UserInfoState {
  const kept = hasSession() ? readUserInfoCookie() : null;
  const email = readEmail();
  const data = kept && (email === null || kept.email === email) ? kept : null;
  // A cookie written before the API told of refused addresses has none (the account area reads the user afresh).
  return {
    status: data ? 'succeeded' : 'idle',
    error: null,
    data: data && { ...data, emailRefused: data.emailRefused ?? null },
  };
}

function hasCustomerId(user: Partial<UserInfo> | null | undefined): user is UserInfo {
  return typeof user?.customerID === 'number' && user.customerID > 0;
}

function withDefaultPostCode(user: UserInfo): UserInfo {
  return { ...user, postCode: user.postCode || DEFAULT_POST_CODE };
}

/** Keeps user info only when the answer names a customer (spec section 4). */
function keepUserInfo(user: UserInfo): UserInfo {
  if (!hasCustomerId(user)) return user;
  const kept = withDefaultPostCode(user);
  saveEmail(kept.email);
  saveUserInfoCookie(kept);
  return kept;
}

/** Records when the session stored now expires (after a sign-in, and again whenever its token is renewed). */
export async function recordSessionExpiry(): Promise<void> {
  const sentIn = markSession();
  try {
    const { sessionExpiresAt } = await retrieveCustomerStatus();
    if (isSessionKept(sentIn)) saveExpiresAt(sessionExpiresAt);
  } catch {
    // The expiry marker is informational; the session itself is already stored.
  }
}

/**
 * Answers null, whatever the answer was, when the browser no longer holds the session the read was sent in (another
 * tab signed out, or in as someone else): that session's user is neither kept nor shown, and its failure not told.
 */
export const fetchUserInfo = createCallThunk(
  'account/fetchUserInfo',
  async () => {
    const sentIn = markSession();
    try {
      const user = await retrieveUserInfo();
      return isSessionKept(sentIn) ? keepUserInfo(user) : null;
    } catch (err) {
      if (isSessionKept(sentIn)) throw err;
      return null;
    }
  },
  { condition: (_, { getState }) => getState().userInfo.status !== 'loading' },
);

/** Signing in by any route keeps the user and then the session's expiry marker. */
async function keepSignIn(signIn: Promise<UserInfo>): Promise<UserInfo> {
  const user = keepUserInfo(await signIn);
  await recordSessionExpiry();
  return user;
}

/** Reject with the refusal: the sign-in page gives a disabled account its next step by the code. */
export const loginWithPassword = createFormThunk('account/loginWithPassword', (body: LoginBody) =>
  keepSignIn(loginCustomer(body)),
);
export const loginWithGoogle = createFormThunk('account/loginWithGoogle', (body: GoogleAuthBody) =>
  keepSignIn(authenticateWithGoogle(body)),
);
/** Rejects with the refusal: the form marks the field it is about (the email taken, the postcode unknown). */
export const registerAccount = createFormThunk('account/registerAccount', (body: RegisterBody) =>
  keepSignIn(registerCustomer(body)),
);

const profileSaved = createAction<UserInfo>('account/profileSaved');

/**
 * Answers the saved details; they are kept and shown only while the browser holds the session they were sent in.
 * Rejects with the refusal, for the form to mark the field it is about.
 */
export const updateProfile = createFormThunk(
  'account/updateProfile',
  async (body: UpdateCustomerBody, { dispatch }) => {
    const sentIn = markSession();
    const info = await updateCustomer(body);
    if (isSessionKept(sentIn)) dispatch(profileSaved(keepUserInfo(pickUserInfo(info))));
    return info;
  },
);

/**
 * Ends the session the sign-out was sent in, and answers whether it did: when another tab signed in as someone else
 * meanwhile, their session is not this sign-out's to end (the tab redraws for them, `useSessionFromOtherTabs`).
 */
function endSessionSentIn(sentIn: SessionMark): boolean {
  if (!isSessionKept(sentIn)) return false;
  clearSession();
  return true;
}

export const logout = createCallThunk('account/logout', async () => {
  const sentIn = markSession();
  try {
    await logoutCustomer();
  } catch {
    // Signing out in this browser must work even when the server cannot be reached.
  }
  return endSessionSentIn(sentIn);
});

/**
 * Signs the customer out on every device. Unlike `logout`, this browser's session ends only once the server has
 * ended them all: a failed call leaves everything as it was, to be tried again.
 */
export const logoutEverywhere = createCallThunk('account/logoutEverywhere', async () => {
  const sentIn = markSession();
  await logoutCustomerEverywhere();
  return endSessionSentIn(sentIn);
});

export function pickUserInfo(info: CustomerInfo): UserInfo {
  const { customerID, email, firstName, lastName, postCode, suburb, emailRefused } = info;
  return { customerID, email, firstName, lastName, postCode, suburb, emailRefused };
}

const userInfoSlice = createSlice({
  name: 'userInfo',
  initialState: readInitialUserInfoState,
  reducers: {},
  extraReducers: (builder) => {
    const received = (state: UserInfoState, user: UserInfo) => {
      state.status = 'succeeded';
      state.error = null;
      if (hasCustomerId(user)) state.data = withDefaultPostCode(user);
    };
    for (const thunk of [fetchUserInfo, loginWithPassword, loginWithGoogle, registerAccount]) {
      builder.addCase(thunk.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      });
    }
    builder.addCase(fetchUserInfo.rejected, (state, action) => {
      state.status = 'failed';
      state.error = readRejection(action);
    });
    for (const thunk of [loginWithPassword, loginWithGoogle, registerAccount]) {
      builder.addCase(thunk.rejected, (state, action) => {
        state.status = 'failed';
        state.error = readFormRejection(action);
      });
    }
    for (const thunk of [loginWithPassword, loginWithGoogle, registerAccount]) {
      builder.addCase(thunk.fulfilled, (state, action) => received(state, action.payload));
    }
    builder.addCase(fetchUserInfo.fulfilled, (state, action) => {
      if (action.payload) received(state, action.payload);
      // A dropped answer: the layout reads again for the session the browser holds now, once it is idle.
      else if (state.status === 'loading') state.status = 'idle';
    });
    builder.addCase(profileSaved, (state, action) => {
      if (hasCustomerId(action.payload)) state.data = withDefaultPostCode(action.payload);
    });
    for (const thunk of [logout, logoutEverywhere]) {
      builder.addCase(thunk.fulfilled, (state, action) =>
        action.payload ? { status: 'idle', error: null, data: null } : state,
      );
    }
  },
  selectors: {
    selectUserInfo: (state) => state.data,
    selectUserInfoStatus: (state) => state.status,
    selectPostCode: (state) => state.data?.postCode || DEFAULT_POST_CODE,
  },
});

export const { selectUserInfo, selectUserInfoStatus, selectPostCode } = userInfoSlice.selectors;
export const userInfoReducer = userInfoSlice.reducer;
