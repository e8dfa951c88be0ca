import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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
import {
  clearSession,
  hasSession,
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
  return { status: data ? 'succeeded' : 'idle', error: null, data };
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

async function recordSessionExpiry(): Promise<void> {
  try {
    saveExpiresAt((await retrieveCustomerStatus()).sessionExpiresAt);
  } catch {
    // The expiry marker is informational; the session itself is already stored.
  }
}

export const fetchUserInfo = createCallThunk(
  'account/fetchUserInfo',
  async () => keepUserInfo(await retrieveUserInfo()),
  { condition: (_, { getState }) => getState().userInfo.status !== 'loading' },
);

/** Signing in by any route keeps the user and then the session's expiry marker. */
function signInThunk<Body>(type: string, signIn: (body: Body) => Promise<UserInfo>) {
  return createCallThunk(type, async (body: Body) => {
    const user = keepUserInfo(await signIn(body));
    await recordSessionExpiry();
    return user;
  });
}

export const loginWithPassword = signInThunk('account/loginWithPassword', (body: LoginBody) =>
  loginCustomer(body),
);
export const loginWithGoogle = signInThunk('account/loginWithGoogle', (body: GoogleAuthBody) =>
  authenticateWithGoogle(body),
);
export const registerAccount = signInThunk('account/registerAccount', (body: RegisterBody) =>
  registerCustomer(body),
);

export const updateProfile = createCallThunk('account/updateProfile', async (body: UpdateCustomerBody) => {
  const info = await updateCustomer(body);
  keepUserInfo(pickUserInfo(info));
  return info;
});

export const logout = createCallThunk('account/logout', async () => {
  try {
    await logoutCustomer();
  } catch {
    // Signing out in this browser must work even when the server cannot be reached.
  } finally {
    clearSession();
  }
});

/**
 * Signs the customer out on every device. Unlike `logout`, this browser's session ends only once the server has
 * ended them all: a failed call leaves everything as it was, to be tried again.
 */
export const logoutEverywhere = createCallThunk('account/logoutEverywhere', async () => {
  await logoutCustomerEverywhere();
  clearSession();
});

export function pickUserInfo(info: CustomerInfo): UserInfo {
  const { customerID, email, firstName, lastName, postCode, suburb } = info;
  return { customerID, email, firstName, lastName, postCode, suburb };
}

const userInfoSlice = createSlice({
  name: 'userInfo',
  initialState: readInitialUserInfoState,
  reducers: {},
  extraReducers: (builder) => {
    const received = (state: UserInfoState, action: PayloadAction<UserInfo>) => {
      state.status = 'succeeded';
      state.error = null;
      if (hasCustomerId(action.payload)) state.data = withDefaultPostCode(action.payload);
    };
    for (const thunk of [fetchUserInfo, loginWithPassword, loginWithGoogle, registerAccount]) {
      builder.addCase(thunk.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      });
      builder.addCase(thunk.fulfilled, received);
      builder.addCase(thunk.rejected, (state, action) => {
        state.status = 'failed';
        state.error = readRejection(action);
      });
    }
    builder.addCase(updateProfile.fulfilled, (state, action) => {
      const user = pickUserInfo(action.payload);
      if (hasCustomerId(user)) state.data = withDefaultPostCode(user);
    });
    builder.addCase(logout.fulfilled, () => ({ status: 'idle', error: null, data: null }));
    builder.addCase(logoutEverywhere.fulfilled, () => ({ status: 'idle', error: null, data: null }));
  },
  selectors: {
    selectUserInfo: (state) => state.data,
    selectUserInfoStatus: (state) => state.status,
    selectPostCode: (state) => state.data?.postCode || DEFAULT_POST_CODE,
  },
});

export const { selectUserInfo, selectUserInfoStatus, selectPostCode } = userInfoSlice.selectors;
export const userInfoReducer = userInfoSlice.reducer;
