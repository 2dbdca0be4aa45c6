import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createConsoleRouter } from './router';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to render the console into.');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createConsoleRouter()} />
  </StrictMode>,
);
