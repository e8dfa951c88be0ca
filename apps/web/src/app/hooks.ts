import { createAsyncThunk, type AsyncThunkOptions } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { isNetworkFailure, readErrorMessage } from '../lib/http/error-message';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * What a thunk rejects with: the message to show, and whether the call failed for want of a network (it never reached
 * the store, or its answer never came back), which says nothing about what was sent.
 */
export type CallRejection = { message: string; isNetworkFailure: boolean };

type AppThunkConfig = { state: RootState; dispatch: AppDispatch; rejectValue: CallRejection };

const createAppAsyncThunk = createAsyncThunk.withTypes<AppThunkConfig>();

/** The one way slices make thunks: run a call and answer its result, or reject with what to show (`CallRejection`). */
export function createCallThunk<Returned, Arg = void>(
  type: string,
  call: (arg: Arg, thunk: { dispatch: AppDispatch; getState: () => RootState }) => Promise<Returned>,
  options?: AsyncThunkOptions<Arg, AppThunkConfig>,
) {
  return createAppAsyncThunk<Returned, Arg>(
    type,
    async (arg, { dispatch, getState, rejectWithValue }) => {
      try {
        return await call(arg, { dispatch, getState });
      } catch (err) {
        return rejectWithValue({ message: readErrorMessage(err), isNetworkFailure: isNetworkFailure(err) });
      }
    },
    options,
  );
}

/** The message a rejected thunk leaves for the slice to store. */
export function readRejection(action: {
  payload?: CallRejection | undefined;
  error: { message?: string };
}): string {
  return action.payload?.message ?? action.error.message ?? 'Something went wrong.';
}

/** What a thunk awaited with `unwrap()` rejected with, when it was a call's rejection (null for anything else). */
export function callRejectionOf(reason: unknown): CallRejection | null {
  if (typeof reason !== 'object' || reason === null) return null;
  const message: unknown = Reflect.get(reason, 'message');
  const isNetwork: unknown = Reflect.get(reason, 'isNetworkFailure');
  return typeof message === 'string' && typeof isNetwork === 'boolean'
    ? { message, isNetworkFailure: isNetwork }
    : null;
}
