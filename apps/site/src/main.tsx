import { declareSignedInVisitor } from './account/customer-ids';
import { afterReveal } from './boot-after-reveal';
import { consentSession, hasStoredChoice } from './consent/consent-session';
import './styles.css';
// Every page's styles load with the page, render-blocking: the server's first view must look as the
// app will (a page's styles arriving with its lazy chunk shifted the whole layout). They are small.
import './account/account.css';
import './engagement/engagement.css';
import './live/live.css';
import './news/news.css';
import './pages/quiz-page.css';
import './pages/search-page.css';
import './pages/tv-receiver-page.css';
import './pages/weather-page.css';
import './player/player.css';
import './programmes/programme-cards.css';

// The site's entry: small, so that it runs at once; the app is a chunk of its own, started once the
// page may be shown (boot-after-reveal.ts).
const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to render the site into.');

// A returning visitor's choice is read at once, not after the app: until __tcfapi answers with it,
// the SDK sends nothing (a page left early would lose its page view, an autoplaying ad its start).
if (hasStoredChoice(document)) void consentSession.manager();

// A signed-in visitor's customer ids, before the personalisation client's first request waits for
// them (account/customer-ids.ts).
declareSignedInVisitor(document.cookie);

const clock = { setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms), clearTimeout: (handle: unknown) => clearTimeout(handle as number) };
afterReveal(document, clock)
  .then(() => import('./app'))
  .then(({ startSite }) => startSite(container))
  .catch((error: unknown) => console.error('Mesura.cat: the site did not start; the page the server sent stays as it is.', error));
