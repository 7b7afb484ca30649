/**
 * The shape of a skills lesson: short sections, an optional diagram per section, the
 * sources of every rule or fact it states, and a self-check quiz. Lessons are TypeScript data
 * (src/learn/lessons/), shipped in the app bundle so they read offline.
 */
import type { FigureKey } from './figures.tsx';

/** A public source of a stated rule or fact: what it is and where to read it. */
export interface LessonSource {
  label: string;
  url: string;
}

/** One short section: a heading, paragraphs, an optional list of steps or points, a diagram. */
export interface LessonSection {
  heading: string;
  paragraphs: readonly string[];
  points?: readonly string[];
  figure?: FigureKey;
}

/** One multiple-choice question; `answer` is the index of the correct choice. */
export interface QuizQuestion {
  question: string;
  choices: readonly string[];
  answer: number;
  /** Why the answer is right, shown after the quiz is checked. */
  explanation: string;
}

/** A lesson of /arkansas-skills; `id` is the route's last segment (the directory key). */
export interface Lesson {
  id: string;
  title: string;
  /** One sentence: what the rider can do after the lesson. */
  summary: string;
  /** Reading time, minutes (rounded, for planning). */
  minutes: number;
  sections: readonly LessonSection[];
  quiz: readonly QuizQuestion[];
  sources: readonly LessonSource[];
}
