/**
 * A lesson's self-check quiz: one radio group per question (keyboard: Tab between
 * questions, arrows between choices), "Check answers" scores it, saves the result on this
 * device (synced to the rider's other devices) and shows every explanation.
 */
import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { CheckCircle2, XCircle } from 'lucide-react';
import { saveQuizResult } from '../db/records.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { showToast } from '../lib/toast.ts';
import type { Lesson } from './lesson-types.ts';
import { passMark, scoreQuiz, type QuizResult } from './quiz.ts';

type QuizQuestion = Lesson['quiz'][number];

/** One question as a radio group, with its explanation once the quiz is checked. */
function QuizQuestionItem({
  question,
  answer,
  outcome,
  checked,
  onAnswer,
}: {
  question: QuizQuestion;
  answer: number | null;
  /** Whether it was answered right; undefined until the quiz is checked. */
  outcome: boolean | undefined;
  checked: boolean;
  onAnswer: (choice: number) => void;
}) {
  return (
    <li className="lesson-quiz__question">
      <RadioGroup
        value={answer === null ? null : String(answer)}
        onChange={(value) => onAnswer(Number(value))}
        isDisabled={checked}
      >
        <Label className="lesson-quiz__prompt">{question.question}</Label>
        {question.choices.map((choice, choiceIndex) => (
          <Radio key={choice} value={String(choiceIndex)} className="lesson-quiz__choice">
            {choice}
          </Radio>
        ))}
      </RadioGroup>
      {checked ? (
        <p className={outcome ? 'lesson-quiz__right' : 'lesson-quiz__wrong'}>
          {outcome ? (
            <CheckCircle2 size={18} aria-hidden="true" />
          ) : (
            <XCircle size={18} aria-hidden="true" />
          )}{' '}
          <strong>{outcome ? 'Right.' : 'Not quite.'}</strong>{' '}
          {outcome ? '' : `The answer is “${question.choices[question.answer]}”. `}
          {question.explanation}
        </p>
      ) : null}
    </li>
  );
}

/** The score line read out by screen readers once the quiz is checked. */
function resultText(result: QuizResult): string {
  const verdict = result.passed
    ? 'Lesson finished: your progress is saved.'
    : `You need ${passMark(result.questionCount)} to finish. Read the lesson again and retry.`;
  return `${result.correct} of ${result.questionCount} right. ${verdict}`;
}

/** Scores the answers, shows the result and saves it; a failed save is said in a toast. */
function useQuizCheck(lesson: Lesson, learnerId: string) {
  const db = useDatabase();
  const [result, setResult] = useState<QuizResult | null>(null);
  const check = async (answers: (number | null)[]) => {
    const scored = scoreQuiz(lesson.quiz, answers);
    setResult(scored);
    try {
      await saveQuizResult(db, learnerId, {
        lessonId: lesson.id,
        correct: scored.correct,
        questionCount: scored.questionCount,
        passed: scored.passed,
      });
    } catch (error) {
      showToast({
        title: 'Your quiz result could not be saved on this device',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  };
  return { result, setResult, check };
}

/** The quiz of `lesson`; results are stored under `learnerId`. */
export function LessonQuiz({ lesson, learnerId }: { lesson: Lesson; learnerId: string }) {
  const [answers, setAnswers] = useState<(number | null)[]>(() => lesson.quiz.map(() => null));
  const { result, setResult, check } = useQuizCheck(lesson, learnerId);
  const unanswered = answers.filter((answer) => answer === null).length;

  return (
    <section className="lesson-quiz" aria-labelledby="lesson-quiz-title">
      <h2 id="lesson-quiz-title">Check yourself</h2>
      <p className="fine-print">
        {lesson.quiz.length} questions. Get {passMark(lesson.quiz.length)} right to finish the
        lesson.
      </p>
      <ol className="lesson-quiz__questions">
        {lesson.quiz.map((question, index) => (
          <QuizQuestionItem
            key={question.question}
            question={question}
            answer={answers[index] ?? null}
            outcome={result?.perQuestion[index]}
            checked={result !== null}
            onAnswer={(choice) => {
              setResult(null);
              setAnswers((current) =>
                current.map((answer, at) => (at === index ? choice : answer)),
              );
            }}
          />
        ))}
      </ol>
      <div role="status" aria-live="polite" className="lesson-quiz__result">
        {result ? resultText(result) : null}
      </div>
      <div className="lesson-quiz__actions">
        {result ? (
          <Button
            className="button"
            onPress={() => {
              setResult(null);
              setAnswers(lesson.quiz.map(() => null));
            }}
          >
            Try again
          </Button>
        ) : (
          <Button
            className="button button--primary"
            isDisabled={unanswered > 0}
            onPress={() => void check(answers)}
          >
            Check answers
          </Button>
        )}
        {!result && unanswered > 0 ? (
          <span className="fine-print">
            {unanswered} {unanswered === 1 ? 'question' : 'questions'} left to answer
          </span>
        ) : null}
      </div>
    </section>
  );
}
