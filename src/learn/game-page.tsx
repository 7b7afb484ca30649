/**
 * /game and /trail-riding-game (requirements §voice-2.1: the same page): the trail safety game.
 * One scenario at a time; choices are large buttons (keyboard, touch and glove sized), the
 * consequence and points follow each choice, and the best score is kept per rider in the
 * database (synced when signed in). Works offline: the scenarios ship in the bundle.
 */
import { useEffect, useReducer, useRef, type RefObject } from 'react';
import { Button } from 'react-aria-components';
import { Link } from '@tanstack/react-router';
import type { GameBestData } from '../../schemas/records.ts';
import { saveGameResult } from '../db/records.ts';
import { useGameBest } from '../db-react/records.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { showToast } from '../lib/toast.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import {
  type GameAction,
  type GameState,
  gameReducer,
  gameScenarios,
  maxGameScore,
  newGame,
  scoreVerdict,
  shownChoiceOrder,
} from './game.ts';
import { useLearnerId } from './learner.ts';
import './learn.css';

type GameDispatch = (action: GameAction) => void;
type HeadingRef = RefObject<HTMLHeadingElement | null>;

/** The end of a game: the score, its verdict and whether it beat the rider's best. */
function GameResult({
  state,
  best,
  dispatch,
  headingRef,
}: {
  state: GameState;
  best: GameBestData | null;
  dispatch: GameDispatch;
  headingRef: HeadingRef;
}) {
  return (
    <section className="game-card" aria-labelledby="game-result-title">
      <h2 id="game-result-title" ref={headingRef} tabIndex={-1}>
        You scored {state.score} of {maxGameScore}
      </h2>
      <p>{scoreVerdict(state.score)}</p>
      {best && state.score >= best.bestScore ? (
        <p className="game-card__best">That is your best score.</p>
      ) : null}
      <div className="game-card__actions">
        <Button
          className="button button--primary game-choice"
          onPress={() => dispatch({ type: 'restart' })}
        >
          Play again
        </Button>
        <Link to="/arkansas-skills" className="button game-choice">
          Read the skills lessons
        </Link>
      </div>
    </section>
  );
}

/** What a choice earned, in words a rider reads at a glance. */
function pointsLabel(points: number): string {
  if (points === 10) return 'Safe call: +10';
  if (points === 5) return 'Risky: +5';
  return 'Dangerous: +0';
}

/** The current situation: its choices, or the consequence of the one picked. */
function ScenarioCard({
  state,
  dispatch,
  headingRef,
}: {
  state: GameState;
  dispatch: GameDispatch;
  headingRef: HeadingRef;
}) {
  const scenario = gameScenarios[state.index]!;
  const picked = state.picks[state.index];
  const pickedChoice = picked === undefined ? undefined : scenario.choices[picked];
  return (
    <section className="game-card" aria-labelledby="game-scenario-title">
      <p className="game-card__step">
        Situation {state.index + 1} of {gameScenarios.length}
      </p>
      <h2 id="game-scenario-title" ref={headingRef} tabIndex={-1}>
        {scenario.situation}
      </h2>
      {state.phase === 'choosing' ? (
        <div className="game-card__choices" role="group" aria-label="What do you do?">
          {shownChoiceOrder(state.index, scenario.choices.length).map((index) => (
            <Button
              key={scenario.choices[index]!.label}
              className="button game-choice"
              onPress={() => dispatch({ type: 'choose', choice: index })}
            >
              {scenario.choices[index]!.label}
            </Button>
          ))}
        </div>
      ) : pickedChoice ? (
        <div className="game-card__feedback" role="status">
          <p className={`game-card__points game-card__points--${pickedChoice.points}`}>
            {pointsLabel(pickedChoice.points)}
          </p>
          <p>
            You chose: <strong>{pickedChoice.label}</strong>
          </p>
          <p>{pickedChoice.consequence}</p>
          <Button
            className="button button--primary game-choice"
            onPress={() => dispatch({ type: 'next' })}
          >
            {state.index + 1 >= gameScenarios.length ? 'See your score' : 'Next situation'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The safety game page; `path` is the address it was opened under (both are canonical). */
export function GamePage({ path }: { path: string }) {
  usePageMeta({
    title: 'Trail Safety Game',
    description:
      'Eight real trail situations: storms, flooded crossings, stalls, lost riders. Make the call and see what happens.',
    keywords: ['trail safety game', 'ATV safety', 'quiz', 'Arkansas'],
    path,
  });
  const db = useDatabase();
  const learnerId = useLearnerId();
  const { best } = useGameBest(learnerId);
  const [state, dispatch] = useReducer(gameReducer, newGame);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After each choice, move focus to the new scenario or the result so keyboard and
  // screen-reader users follow; not on arrival, where focus belongs to the page as usual.
  const acted = useRef(false);
  useEffect(() => {
    if (acted.current) headingRef.current?.focus();
    acted.current = true;
  }, [state.index, state.phase]);

  useEffect(() => {
    if (state.phase !== 'finished') return;
    saveGameResult(db, learnerId, state.score, maxGameScore).catch((error: unknown) =>
      showToast({
        title: 'Your score could not be saved on this device',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      }),
    );
  }, [db, learnerId, state.phase, state.score]);

  return (
    <div className="game-page">
      <header className="game-page__header">
        <h1>Trail Safety Game</h1>
        <p className="game-page__scores">
          <span>
            Score: <strong>{state.score}</strong> / {maxGameScore}
          </span>
          <span>
            Best: <strong>{best ? `${best.bestScore} / ${best.maxScore}` : 'no games yet'}</strong>
          </span>
        </p>
      </header>
      {state.phase === 'finished' ? (
        <GameResult state={state} best={best} dispatch={dispatch} headingRef={headingRef} />
      ) : (
        <ScenarioCard state={state} dispatch={dispatch} headingRef={headingRef} />
      )}
    </div>
  );
}
