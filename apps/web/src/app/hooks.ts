import { createAsyncThunk, type AsyncThunkOptions } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { readErrorMessage } from '../lib/http/error-message';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

type AppThunkConfig = { state: RootState; dispatch: AppDispatch; rejectValue: string };

const createAppAsyncThunk = createAsyncThunk.withTypes<AppThunkConfig>();

/** The one way slices make thunks: run a call and answer its result, or reject with the message to show. */
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
        return rejectWithValue(readErrorMessage(err));
      }
    },
    options,
  );
}

/** The message a rejected thunk leaves for the slice to store. */
export function readRejection(action: { payload?: string | undefined; error: { message?: string } }): string {
  return action.payload ?? action.error.message ?? 'Something went wrong.';
}
