import { useEffect, useRef } from 'react';

export interface QuizQuestionStepProps {
  question: { question: string; options: string[]; answer: number };
  /** 0-based place of the question in the game. */
  index: number;
  count: number;
  /** The option the visitor chose; undefined until they answer. */
  chosen: number | undefined;
  onChoose(option: number): void;
  onNext(): void;
}

/**
 * One question of the daily quiz: its options, then whether the answer was right and the way on.
 * Focus follows the game: answering disables the options and showing a question replaces the
 * last one, each of which would otherwise drop a keyboard or screen-reader user's focus on the
 * page's body. So a new question focuses its heading (read out with it), and an answer focuses the
 * way on, after the verdict, which the status line announces.
 */
export function QuizQuestionStep({ question, index, count, chosen, onChoose, onNext }: QuizQuestionStepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const answered = chosen !== undefined;
  // Each question is rendered by its own instance (quiz-page.tsx keys the step by the question's
  // index), so mounting is showing a new question.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (answered) next.current?.focus();
  }, [answered]);
  return (
    <section aria-labelledby="quiz-question">
      <p className="quiz-progress">
        Pregunta {index + 1} de {count}
      </p>
      <h2 id="quiz-question" ref={heading} tabIndex={-1}>
        {question.question}
      </h2>
      <ul className="quiz-options">
        {question.options.map((option, i) => (
          <li key={option}>
            <button
              type="button"
              className="quiz-option"
              disabled={answered}
              data-state={answered ? (i === question.answer ? 'right' : i === chosen ? 'wrong' : undefined) : undefined}
              onClick={() => onChoose(i)}
            >
              {option}
            </button>
          </li>
        ))}
      </ul>
      <p role="status">{answered ? (chosen === question.answer ? 'Correcte!' : `Incorrecte. La resposta era: ${question.options[question.answer]}.`) : ''}</p>
      {answered && (
        <button ref={next} type="button" className="quiz-button" onClick={onNext}>
          {index + 1 < count ? 'Següent pregunta' : 'Mostra el resultat'}
        </button>
      )}
    </section>
  );
}
