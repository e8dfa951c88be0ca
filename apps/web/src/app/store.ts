import { combineReducers, configureStore, createAction, type UnknownAction } from '@reduxjs/toolkit';
import { cartCleared, cartReducer } from '../features/cart/cart-slice';
import {
  loginWithGoogle,
  loginWithPassword,
  logout,
  logoutEverywhere,
  registerAccount,
  userInfoReducer,
} from '../features/account/user-info-slice';

/** Another tab signed out, or in as someone else: nothing read for the customer this tab showed may stay. */
export const sessionReset = createAction('app/sessionReset');

const combinedReducer = combineReducers({ userInfo: userInfoReducer, cart: cartReducer });
type AppState = ReturnType<typeof combinedReducer>;

const sessionChanges = [
  loginWithPassword.fulfilled,
  loginWithGoogle.fulfilled,
  registerAccount.fulfilled,
  logout.fulfilled,
  logoutEverywhere.fulfilled,
];

/**
 * Every change of session starts the cart afresh (read again on sign-in, answers to calls sent before dropped). A
 * reset from another tab starts every slice afresh too, from what the browser stores now; the cart keeps counting
 * its sessions so that its calls still waiting are dropped.
 */
function rootReducer(state: AppState | undefined, action: UnknownAction): AppState {
  if (sessionReset.match(action)) {
    return combinedReducer({ cart: cartReducer(state?.cart, cartCleared()) }, action);
  }
  const next = combinedReducer(state, action);
  if (!sessionChanges.some((change) => change.match(action))) return next;
  return { ...next, cart: cartReducer(next.cart, cartCleared()) };
}

export function createAppStore() {
  return configureStore({ reducer: rootReducer });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
