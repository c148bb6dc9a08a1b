import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { selectAuthProvider } from './lib/auth/select-provider';
import { captureTrackingId } from './lib/tracking';

captureTrackingId();
console.info(`Argo build ${__ARGO_BUILD_ID__}`);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The identity provider (built-in or Cognito, GET /api/config) is chosen before any route asks who is signed in.
void selectAuthProvider().then(() => {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
