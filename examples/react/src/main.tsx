// Importing the package registers <svc-uploader> before React renders it: React 19 sets a prop as
// a property only when the element already has that property, so the definition must come first.
import 'svc-uploader';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
