import { afterReveal } from './boot-after-reveal';
import './styles.css';

// The site's entry: small, so that it runs at once; the app is a chunk of its own, started once the
// page may be shown (boot-after-reveal.ts).
const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to render the site into.');

const clock = { setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms), clearTimeout: (handle: unknown) => clearTimeout(handle as number) };
afterReveal(document, clock)
  .then(() => import('./app'))
  .then(({ startSite }) => startSite(container))
  .catch((error: unknown) => console.error('Mesura.cat: the site did not start; the page the server sent stays as it is.', error));
