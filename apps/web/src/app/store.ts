import { configureStore } from '@reduxjs/toolkit';
import { cartReducer } from '../features/cart/cart-slice';
import { userInfoReducer } from '../features/account/user-info-slice';

export function createAppStore() {
  return configureStore({ reducer: { userInfo: userInfoReducer, cart: cartReducer } });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
