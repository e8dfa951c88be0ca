import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CustomerInfo,
  GoogleAuthBody,
  LoginBody,
  RegisterBody,
  UpdateCustomerBody,
  UserInfo,
} from '@storefront/contract/account';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AsyncStatus } from '../../lib/async-status';
import { readErrorMessage } from '../../lib/http/error-message';
import {
  clearSession,
  hasSession,
  readUserInfoCookie,
  saveEmail,
  saveExpiresAt,
  saveUserInfoCookie,
} from '../../lib/http/session';
import {
  authenticateWithGoogle,
  loginCustomer,
  logoutCustomer,
  registerCustomer,
  retrieveCustomerStatus,
  retrieveUserInfo,
  updateCustomer,
} from './api';

export const DEFAULT_POST_CODE = '2000';

export type UserInfoState = { status: AsyncStatus; error: string | null; data: UserInfo | null };

export function readInitialUserInfoState(): UserInfoState {
  const data = hasSession() ? readUserInfoCookie() : null;
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

export const fetchUserInfo = createAppAsyncThunk(
  'account/fetchUserInfo',
  async (_: void, { rejectWithValue }) => {
    try {
      return keepUserInfo(await retrieveUserInfo());
    } catch (err) {
      return rejectWithValue(readErrorMessage(err));
    }
  },
  { condition: (_, { getState }) => getState().userInfo.status !== 'loading' },
);

export const loginWithPassword = createAppAsyncThunk(
  'account/loginWithPassword',
  async (body: LoginBody, { rejectWithValue }) => {
    try {
      const user = keepUserInfo(await loginCustomer(body));
      await recordSessionExpiry();
      return user;
    } catch (err) {
      return rejectWithValue(readErrorMessage(err));
    }
  },
);

export const loginWithGoogle = createAppAsyncThunk(
  'account/loginWithGoogle',
  async (body: GoogleAuthBody, { rejectWithValue }) => {
    try {
      const user = keepUserInfo(await authenticateWithGoogle(body));
      await recordSessionExpiry();
      return user;
    } catch (err) {
      return rejectWithValue(readErrorMessage(err));
    }
  },
);

export const registerAccount = createAppAsyncThunk(
  'account/registerAccount',
  async (body: RegisterBody, { rejectWithValue }) => {
    try {
      const user = keepUserInfo(await registerCustomer(body));
      await recordSessionExpiry();
      return user;
    } catch (err) {
      return rejectWithValue(readErrorMessage(err));
    }
  },
);

export const updateProfile = createAppAsyncThunk(
  'account/updateProfile',
  async (body: UpdateCustomerBody, { rejectWithValue }) => {
    try {
      const info = await updateCustomer(body);
      keepUserInfo(pickUserInfo(info));
      return info;
    } catch (err) {
      return rejectWithValue(readErrorMessage(err));
    }
  },
);

export const logout = createAppAsyncThunk('account/logout', async () => {
  try {
    await logoutCustomer();
  } catch {
    // Signing out in this browser must work even when the server cannot be reached.
  } finally {
    clearSession();
  }
});

export function pickUserInfo(info: CustomerInfo): UserInfo {
  const { customerID, email, firstName, lastName, postCode, suburb } = info;
  return { customerID, email, firstName, lastName, postCode, suburb };
}

const userInfoSlice = createSlice({
  name: 'userInfo',
  initialState: readInitialUserInfoState,
  reducers: {
    sessionEnded: () => ({ status: 'idle', error: null, data: null }) satisfies UserInfoState,
  },
  extraReducers: (builder) => {
    const received = (state: UserInfoState, action: PayloadAction<UserInfo>) => {
      state.status = 'succeeded';
      state.error = null;
      if (hasCustomerId(action.payload)) state.data = withDefaultPostCode(action.payload);
    };
    const failed = (
      state: UserInfoState,
      action: { payload?: string | undefined; error: { message?: string } },
    ) => {
      state.status = 'failed';
      state.error = action.payload ?? action.error.message ?? 'Something went wrong.';
    };
    for (const thunk of [fetchUserInfo, loginWithPassword, loginWithGoogle, registerAccount]) {
      builder.addCase(thunk.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      });
      builder.addCase(thunk.fulfilled, received);
      builder.addCase(thunk.rejected, failed);
    }
    builder.addCase(updateProfile.fulfilled, (state, action) => {
      const user = pickUserInfo(action.payload);
      if (hasCustomerId(user)) state.data = withDefaultPostCode(user);
    });
    builder.addCase(logout.fulfilled, () => ({ status: 'idle', error: null, data: null }));
  },
  selectors: {
    selectUserInfo: (state) => state.data,
    selectUserInfoStatus: (state) => state.status,
    selectUserInfoError: (state) => state.error,
    selectPostCode: (state) => state.data?.postCode || DEFAULT_POST_CODE,
  },
});

export const { sessionEnded } = userInfoSlice.actions;
export const { selectUserInfo, selectUserInfoStatus, selectUserInfoError, selectPostCode } =
  userInfoSlice.selectors;
export const userInfoReducer = userInfoSlice.reducer;
