/**
 * /arkansas-skills and its 16 subpages (requirements §voice-2.1: "all the same skills page"):
 * one page that shows the lesson of the current path (the Arkansas basics on
 * /arkansas-skills), the list of every lesson with the rider's progress, and the lesson's quiz.
 * Lessons ship in the bundle and progress lives in the local database, so it all works offline.
 */
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import { WhenDatabaseOpen } from '../db-react/provider.tsx';
import { useSkillProgress } from '../db-react/records.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { LessonFigure } from './figures.tsx';
import { useLearnerId } from './learner.ts';
import { LessonQuiz } from './lesson-quiz.tsx';
import { findLesson, lessons } from './lessons/index.ts';
import './learn.css';

/** Path of a lesson's page. */
export function lessonPath(id: string): string {
  return id === 'arkansas-skills' ? '/arkansas-skills' : `/arkansas-skills/${id}`;
}

type SkillsLesson = NonNullable<ReturnType<typeof findLesson>>;
type LessonProgress = ReturnType<typeof useSkillProgress>['progress'];

/** A lesson's sections, figures and sources. */
function LessonBody({ lesson }: { lesson: SkillsLesson }) {
  return (
    <>
      {lesson.sections.map((section) => (
        <section key={section.heading} className="lesson__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.points ? (
            <ul>
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          ) : null}
          {section.figure ? <LessonFigure figure={section.figure} /> : null}
        </section>
      ))}
      <section className="lesson__sources" aria-labelledby="lesson-sources-title">
        <h2 id="lesson-sources-title">Sources</h2>
        <ul>
          {lesson.sources.map((source) => (
            <li key={source.url}>
              <a href={source.url} target="_blank" rel="noreferrer">
                {source.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="fine-print">
          Rules change: the linked pages are the authority. This lesson was written for Natural
          State Trails; it does not replace a hands-on course.
        </p>
      </section>
    </>
  );
}

/** Every lesson with the rider's progress, and the way to the game. */
function LessonList({ learnerId, progress }: { learnerId: string; progress: LessonProgress }) {
  const finished = lessons.filter((item) => progress.get(item.id)?.completedAt != null).length;
  return (
    <nav className="lesson-list" aria-labelledby="lesson-list-title">
      <h2 id="lesson-list-title">All lessons</h2>
      <p className="fine-print">
        {finished} of {lessons.length} finished
        {learnerId === 'anonymous'
          ? ' on this device. Sign in to keep your progress on every device.'
          : '.'}
      </p>
      <ul>
        {lessons.map((item) => {
          const done = progress.get(item.id)?.completedAt != null;
          return (
            <li key={item.id}>
              <Link
                to={lessonPath(item.id)}
                className="lesson-list__link"
                // The overview's path prefixes every lesson's; only the exact page is current.
                activeOptions={{ exact: true }}
              >
                {done ? (
                  <CheckCircle2 size={20} aria-hidden="true" className="lesson-list__done" />
                ) : (
                  <Circle size={20} aria-hidden="true" />
                )}
                <span>{item.title}</span>
                <span className="visually-hidden">{done ? ' (finished)' : ''}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <Link to="/game" className="button lesson-list__game">
        Play the trail safety game
      </Link>
    </nav>
  );
}

/**
 * The skills page showing lesson `lessonId` ('arkansas-skills' or a subpage slug). Throws for
 * an unknown id (a routing programming error, caught by the error boundary).
 */
export function SkillsPage({ lessonId }: { lessonId: string }) {
  const lesson = findLesson(lessonId);
  if (!lesson) throw new Error(`No skills lesson "${lessonId}".`);
  usePageMeta({
    title: lesson.id === 'arkansas-skills' ? 'Arkansas Skills' : lesson.title,
    description: lesson.summary,
    keywords: ['Arkansas', 'skills', 'training', lesson.title],
    path: lessonPath(lesson.id),
  });
  const learnerId = useLearnerId();
  const { progress } = useSkillProgress(learnerId);
  const mine = progress.get(lesson.id);

  return (
    <div className="learn-page">
      <article className="lesson" aria-labelledby="lesson-title">
        <p className="lesson__kicker">Arkansas Skills · {lesson.minutes} min read</p>
        <h1 id="lesson-title">{lesson.title}</h1>
        <p className="lesson__summary">{lesson.summary}</p>
        {mine?.completedAt != null ? (
          <p className="lesson__done">
            <CheckCircle2 size={18} aria-hidden="true" /> You finished this lesson (best quiz{' '}
            {mine.bestScore} of {mine.questionCount}).
          </p>
        ) : null}
        <LessonBody lesson={lesson} />
        {/* The lesson paints before the database opens; its quiz, which stores answers, after. */}
        <WhenDatabaseOpen>
          <LessonQuiz key={lesson.id} lesson={lesson} learnerId={learnerId} />
        </WhenDatabaseOpen>
      </article>
      <LessonList learnerId={learnerId} progress={progress} />
    </div>
  );
}
