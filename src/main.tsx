/**
 * Browser entry: applies the stored theme before the first paint (requirements §core-4, from the
 * localStorage mirror), then mounts the router. The PWA service worker is registered by the
 * lead's PwaUpdatePrompt inside the layout.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './app/router.tsx';
import { applyInitialTheme } from './app/theme/theme-storage.ts';
import './ui/theme.css';

applyInitialTheme();

const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
