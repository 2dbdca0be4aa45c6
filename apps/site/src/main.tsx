import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createPageViewGate } from './measurement/page-view-gate';
import { PageViewGateContext } from './measurement/page-view-gate-context';
import { createSiteRouter } from './router';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to render the site into.');

createRoot(container).render(
  <StrictMode>
    <PageViewGateContext value={createPageViewGate()}>
      <RouterProvider router={createSiteRouter()} />
    </PageViewGateContext>
  </StrictMode>,
);
