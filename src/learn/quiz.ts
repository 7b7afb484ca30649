/**
 * Scoring of a lesson's self-check quiz. A lesson counts as finished when at least
 * three quarters of its questions are answered correctly (rounded up: 3 of 3, 3 of 4, 4 of 5),
 * so one slip on a longer quiz does not block progress but guessing rarely passes.
 */
import type { QuizQuestion } from './lesson-types.ts';

/** Share of correct answers that passes a quiz. */
export const passShare = 0.75;

/** Correct answers needed to pass a quiz of `questionCount` questions. */
export function passMark(questionCount: number): number {
  return Math.ceil(questionCount * passShare);
}

/** The outcome of one checked quiz. */
export interface QuizResult {
  correct: number;
  questionCount: number;
  passed: boolean;
  /** Per question: whether the rider's choice was right (an unanswered question is wrong). */
  perQuestion: readonly boolean[];
}

/**
 * Scores `answers` (the chosen choice index per question, null when unanswered) against
 * `questions`. Throws when the two lists differ in length (a programming error).
 */
export function scoreQuiz(
  questions: readonly QuizQuestion[],
  answers: readonly (number | null)[],
): QuizResult {
  if (answers.length !== questions.length) {
    throw new Error(`Expected ${questions.length} answers, got ${answers.length}.`);
  }
  const perQuestion = questions.map((question, index) => answers[index] === question.answer);
  const correct = perQuestion.filter(Boolean).length;
  return {
    correct,
    questionCount: questions.length,
    passed: correct >= passMark(questions.length),
    perQuestion,
  };
}
