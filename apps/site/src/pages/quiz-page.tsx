/**
 * /joc/: the daily quiz, and below it the poll (in the server's first view too, a form that works
 * without JavaScript: engagement/quiz-poll.ts). Five questions (GET /api/engagement/quiz/today, the same for everybody
 * on one day), one at a time, with the right answer shown after each; the score at the end, and
 * the day's score remembered in this browser so that the game waits for tomorrow.
 * Measurement: scJugar (event9) when the visitor starts the game. Not at the end: §7's link
 * variables have none for a score, and a second event9 would count one game as two plays.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePageData } from '../routing/page-data';
import { CallToAction } from '../engagement/call-to-action';
import { quizPageFields } from '../engagement/engagement-page-fields';
import { Poll } from '../engagement/poll';
import { QUIZ_POLL_ID } from '../engagement/quiz-poll';
import type { PollResults } from '@mesura/protocol';
import { QuizQuestionStep } from '../engagement/quiz-question';
import { ShareMenu } from '../engagement/share-menu';
import { sendDirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { NotFoundPage } from './not-found-page';
import './quiz-page.css';

export interface QuizQuestion {
  id: string;
  question: string;
  options: string[];
  answer: number;
}
export interface DailyQuiz {
  day: string;
  questions: QuizQuestion[];
}
/** The page's data: the day's quiz, and its poll when the server rendered it (engagement/quiz-poll.ts). */
export type QuizPageData = DailyQuiz & { poll?: PollResults };

/** The §7 link variables of a call made from the game's page. */
function quizCallDetail(day: string, identificadorClic: string): LinkCallDetail {
  const url = typeof window === 'undefined' ? '' : window.location.href;
  return { linkText: 'El joc del dia', url, identificadorClic, titolContingut: `El joc del dia ${day}`, formatContingut: 'joc', tipusContingut: 'joc', seccio: 'joc' };
}

const storageKey = (day: string) => `mesura-joc-${day}`;

/** `finished`: the visitor has just answered the last question (not a score restored on load). */
type Play = { step: 'intro' } | { step: 'question'; index: number; score: number; chosen?: number } | { step: 'done'; score: number; finished?: boolean };

export function QuizPage() {
  const quiz = usePageData<QuizPageData | undefined>();
  if (!quiz) return <NotFoundPage />;
  return <Quiz quiz={quiz} />;
}

function Quiz({ quiz }: { quiz: QuizPageData }) {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: quizPageFields(quiz.day) }), [quiz.day]));
  const [play, setPlay] = useState<Play>({ step: 'intro' });
  const total = quiz.questions.length;

  // Read after rendering: the server's first view knows nothing of this browser.
  useEffect(() => {
    const kept = window.localStorage.getItem(storageKey(quiz.day));
    if (kept !== null && /^\d+$/.test(kept)) setPlay({ step: 'done', score: Number(kept) });
  }, [quiz.day]);

  const start = () => {
    setPlay({ step: 'question', index: 0, score: 0 });
    sendDirectCall('scJugar', {
      linkText: 'Comença el joc',
      url: window.location.href,
      identificadorClic: 'joc-diari-inici',
      titolContingut: `El joc del dia ${quiz.day}`,
      formatContingut: 'joc',
      tipusContingut: 'joc',
      seccio: 'joc',
    });
  };

  const next = (index: number, score: number) => {
    if (index + 1 < total) setPlay({ step: 'question', index: index + 1, score });
    else {
      window.localStorage.setItem(storageKey(quiz.day), String(score));
      setPlay({ step: 'done', score, finished: true });
    }
  };

  return (
    <article className="quiz">
      <title>El joc del dia — Mesura.cat</title>
      <h1>El joc del dia</h1>
      {play.step === 'intro' && (
        <>
          <p>{total} preguntes sobre l'actualitat. Quantes en sabreu?</p>
          <button type="button" className="quiz-button" onClick={start}>
            Comença el joc
          </button>
        </>
      )}
      {play.step === 'question' && (
        <QuizQuestionStep
          // A new instance for each question: its heading takes the focus as it mounts.
          key={play.index}
          question={quiz.questions[play.index]!}
          index={play.index}
          count={total}
          chosen={play.chosen}
          onChoose={(option) => setPlay({ ...play, chosen: option, score: play.score + (option === quiz.questions[play.index]!.answer ? 1 : 0) })}
          onNext={() => next(play.index, play.score)}
        />
      )}
      {play.step === 'done' && <QuizResult day={quiz.day} score={play.score} total={total} finished={play.finished === true} />}
      <Poll pollId={QUIZ_POLL_ID} initial={quiz.poll} detail={quizCallDetail(quiz.day, `enquesta-${QUIZ_POLL_ID}`)} />
    </article>
  );
}

/** The score, and what to do next. `finished`: reached by answering now, not restored on load. */
function QuizResult({ day, score, total, finished }: { day: string; score: number; total: number; finished: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The last question's controls are gone: focus goes to the score, as it does to each question.
  useEffect(() => {
    if (finished) heading.current?.focus();
  }, [finished]);
  return (
    <section aria-labelledby="quiz-score">
      <h2 id="quiz-score" ref={heading} tabIndex={-1}>
        Heu encertat {score} de {total} preguntes
      </h2>
      <p>Torneu a jugar demà: cada dia hi ha preguntes noves.</p>
      <ShareMenu title={`He encertat ${score} de ${total} preguntes al joc del dia de Mesura`} url={quizCallDetail(day, '').url} detail={quizCallDetail(day, 'joc-diari-comparteix')} />
      <CallToAction kind="newsletter" detail={quizCallDetail(day, 'cta-butlleti')} />
    </section>
  );
}
