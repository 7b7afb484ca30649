/**
 * /diagnostic (requirements §voice-2.1 Diagnostic wizard): the decision tree of
 * src/lib/diagnostics asked one question at a time, with Back and Start over, ending in advice.
 * Pure client state; works offline. Answer buttons are react-aria Buttons (keyboard and touch,
 * var(--touch-target) tall), and focus moves to each new question so a keyboard or screen-reader
 * rider lands on it.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button, Link } from 'react-aria-components';
import { RotateCcw, Stethoscope, Undo2 } from 'lucide-react';
import { diagnose } from '../lib/diagnostics/diagnose.ts';
import type { DiagnosticAdvice, DiagnosticQuestion } from '../lib/diagnostics/tree.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import './garage.css';

/** The current question with one button per answer; its heading takes focus when it changes. */
function QuestionCard({
  question,
  number,
  headingRef,
  onAnswer,
}: {
  question: DiagnosticQuestion;
  number: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAnswer: (answerId: string) => void;
}) {
  return (
    <>
      <p className="diagnostic__progress">Question {number}</p>
      <h2 className="diagnostic__prompt" ref={headingRef} tabIndex={-1}>
        {question.prompt}
      </h2>
      {question.hint ? <p>{question.hint}</p> : null}
      <ul className="diagnostic__answers">
        {question.answers.map((answer) => (
          <li key={answer.id}>
            <Button className="button" onPress={() => onAnswer(answer.id)}>
              {answer.label}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The leaf of the tree: likely causes, the field-repair steps and when to stop. */
function AdviceCard({
  advice,
  headingRef,
}: {
  advice: DiagnosticAdvice;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
      <p className="diagnostic__progress">Likely problem</p>
      <h2 className="diagnostic__prompt" ref={headingRef} tabIndex={-1}>
        {advice.title}
      </h2>
      {advice.warning ? (
        <p className="garage-note">
          <strong>Warning: </strong>
          {advice.warning}
        </p>
      ) : null}
      <h3>Likely causes</h3>
      <ul>
        {advice.likelyCauses.map((cause) => (
          <li key={cause}>{cause}</li>
        ))}
      </ul>
      <h3>What to do</h3>
      <ol>
        {advice.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h3>Stop and get help if</h3>
      <p>{advice.stopIf}</p>
    </>
  );
}

/** Where to go next when the repair is beyond the trail. */
function IfYouAreStuck() {
  return (
    <section className="garage-card">
      <h2>If you’re stuck out there</h2>
      <p>
        Tell someone where you are before you start a repair that may take a while. If anyone is
        hurt or you can’t get out, the <Link href="/emergency">Emergency page</Link> opens a text or
        a call with your position for you to send. For a shop, see{' '}
        <Link href="/arkansas-repair-shops">Repair Shops</Link>; to avoid the same trouble next
        time, see <Link href="/riding-techniques">Riding Techniques</Link>.
      </p>
    </section>
  );
}

/** The diagnostic wizard page. */
export function DiagnosticPage() {
  usePageMeta({
    title: 'Diagnostic Wizard',
    description:
      'Find out why an ATV or UTV won’t start, overheats, slips its belt or grinds, step by step, with no signal.',
    keywords: ['ATV troubleshooting', 'UTV won’t start', 'overheating', 'CVT belt', 'diagnostic'],
    path: '/diagnostic',
  });
  const [answers, setAnswers] = useState<readonly string[]>([]);
  const result = diagnose(answers);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Not on first load: the page heading is where a rider arriving should start.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [answers]);

  const back = () => setAnswers((current) => current.slice(0, -1));
  const restart = () => setAnswers([]);

  return (
    <article className="garage-page diagnostic">
      <header>
        <h1>
          <Stethoscope aria-hidden="true" size={30} /> Diagnostic Wizard
        </h1>
        <p className="garage-page__lead">
          Answer a few questions about what the vehicle is doing and get field-repair steps you can
          try on the trail. This is general advice for ATVs, UTVs and side-by-sides; your owner’s
          manual comes first.
        </p>
      </header>

      <section className="garage-card">
        {result.steps.length > 0 ? (
          <ol className="diagnostic__trail" aria-label="Your answers so far">
            {result.steps.map((step) => (
              <li key={step.question.id}>{step.answer.label}</li>
            ))}
          </ol>
        ) : null}

        {result.status === 'question' ? (
          <QuestionCard
            question={result.node}
            number={result.steps.length + 1}
            headingRef={headingRef}
            onAnswer={(answerId) => setAnswers((current) => [...current, answerId])}
          />
        ) : (
          <AdviceCard advice={result.node} headingRef={headingRef} />
        )}

        <div className="garage-actions">
          <Button className="button" isDisabled={answers.length === 0} onPress={back}>
            <Undo2 aria-hidden="true" size={20} /> Back
          </Button>
          <Button className="button" isDisabled={answers.length === 0} onPress={restart}>
            <RotateCcw aria-hidden="true" size={20} /> Start over
          </Button>
        </div>
      </section>

      <IfYouAreStuck />
    </article>
  );
}
