/**
 * /joc/: the daily quiz. Five questions (GET /api/engagement/quiz/today, the same for everybody
 * on one day), one at a time, with the right answer shown after each; the score at the end, and
 * the day's score remembered in this browser so that the game waits for tomorrow.
 * Measurement: scJugar (event9) when the visitor starts the game. Not at the end: §7's link
 * variables have none for a score, and a second event9 would count one game as two plays.
 */
import { useEffect, useMemo, useState } from 'react';
import { usePageData } from '../routing/page-data';
import { CallToAction } from '../engagement/call-to-action';
import { quizPageFields } from '../engagement/engagement-page-fields';
import { Poll } from '../engagement/poll';
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

/** The poll asked beside the game's result. */
const QUIZ_POLL_ID = 'habitatge-2026';

/** The §7 link variables of a call made from the game's page. */
function quizCallDetail(day: string, identificadorClic: string): LinkCallDetail {
  const url = typeof window === 'undefined' ? '' : window.location.href;
  return { linkText: 'El joc del dia', url, identificadorClic, titolContingut: `El joc del dia ${day}`, formatContingut: 'joc', tipusContingut: 'joc', seccio: 'joc' };
}

const storageKey = (day: string) => `mesura-joc-${day}`;

type Play = { step: 'intro' } | { step: 'question'; index: number; score: number; chosen?: number } | { step: 'done'; score: number };

export function QuizPage() {
  const quiz = usePageData<DailyQuiz | undefined>();
  if (!quiz) return <NotFoundPage />;
  return <Quiz quiz={quiz} />;
}

function Quiz({ quiz }: { quiz: DailyQuiz }) {
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
      setPlay({ step: 'done', score });
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
      {play.step === 'question' && <QuestionStep quiz={quiz} play={play} setPlay={setPlay} next={next} />}
      {play.step === 'done' && (
        <section aria-labelledby="quiz-score">
          <h2 id="quiz-score">
            Heu encertat {play.score} de {total} preguntes
          </h2>
          <p>Torna a jugar demà: cada dia hi ha preguntes noves.</p>
          <ShareMenu title={`He encertat ${play.score} de ${total} preguntes al joc del dia de Mesura`} url={quizCallDetail(quiz.day, '').url} detail={quizCallDetail(quiz.day, 'joc-diari-comparteix')} />
          <Poll pollId={QUIZ_POLL_ID} detail={quizCallDetail(quiz.day, `enquesta-${QUIZ_POLL_ID}`)} />
          <CallToAction kind="newsletter" detail={quizCallDetail(quiz.day, 'cta-butlleti')} />
        </section>
      )}
    </article>
  );
}

interface QuestionStepProps {
  quiz: DailyQuiz;
  play: Extract<Play, { step: 'question' }>;
  setPlay: (play: Play) => void;
  next: (index: number, score: number) => void;
}

function QuestionStep({ quiz, play, setPlay, next }: QuestionStepProps) {
  const question = quiz.questions[play.index]!;
  const answered = play.chosen !== undefined;
  return (
    <section aria-labelledby="quiz-question">
      <p className="quiz-progress">
        Pregunta {play.index + 1} de {quiz.questions.length}
      </p>
      <h2 id="quiz-question">{question.question}</h2>
      <ul className="quiz-options">
        {question.options.map((option, i) => (
          <li key={option}>
            <button
              type="button"
              className="quiz-option"
              disabled={answered}
              data-state={answered ? (i === question.answer ? 'right' : i === play.chosen ? 'wrong' : undefined) : undefined}
              onClick={() => setPlay({ ...play, chosen: i, score: play.score + (i === question.answer ? 1 : 0) })}
            >
              {option}
            </button>
          </li>
        ))}
      </ul>
      <p role="status">
        {answered ? (play.chosen === question.answer ? 'Correcte!' : `Incorrecte. La resposta era: ${question.options[question.answer]}.`) : ''}
      </p>
      {answered && (
        <button type="button" className="quiz-button" onClick={() => next(play.index, play.score)}>
          {play.index + 1 < quiz.questions.length ? 'Següent pregunta' : 'Mostra el resultat'}
        </button>
      )}
    </section>
  );
}
