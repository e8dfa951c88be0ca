import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { createAppStore } from './store';

export function AppRoot() {
  const [store] = useState(createAppStore);
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
