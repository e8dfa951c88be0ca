import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { watchFailedStylesheets } from '../components/lazy-with-retry';
import { createAppRouter } from './router';
import { createAppStore } from './store';

// As the app's code is evaluated, before main.tsx asks for the first page's chunks.
watchFailedStylesheets();

export function AppRoot() {
  const [store] = useState(createAppStore);
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
