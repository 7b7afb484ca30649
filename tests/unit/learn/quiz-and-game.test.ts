// Lesson quizzes and the safety game (issue 16): a quiz passes at three quarters right, every
// lesson is complete enough to teach (sections, sources, a quiz whose answers exist), and the
// game scores choices, ignores double presses and keeps going to the end.
import { describe, expect, it } from 'vitest';
import { SKILLS_SUBPAGES } from '../../../src/features/directory.ts';
import {
  gameReducer,
  gameScenarios,
  maxGameScore,
  newGame,
  shownChoiceOrder,
} from '../../../src/learn/game.ts';
import { findLesson, lessons } from '../../../src/learn/lessons/index.ts';
import { passMark, scoreQuiz } from '../../../src/learn/quiz.ts';

describe('quiz scoring', () => {
  const lesson = findLesson('weather-mastery')!;
  const right = lesson.quiz.map((question) => question.answer);

  it('passes with every answer right and names each result', () => {
    expect(scoreQuiz(lesson.quiz, right)).toEqual({
      correct: 3,
      questionCount: 3,
      passed: true,
      perQuestion: [true, true, true],
    });
  });

  it('fails below three quarters, counting unanswered questions as wrong', () => {
    const oneWrong = [...right];
    oneWrong[1] = (right[1]! + 1) % lesson.quiz[1]!.choices.length;
    expect(scoreQuiz(lesson.quiz, oneWrong)).toMatchObject({ correct: 2, passed: false });
    expect(scoreQuiz(lesson.quiz, [null, null, null])).toMatchObject({ correct: 0, passed: false });
    expect(() => scoreQuiz(lesson.quiz, [0])).toThrow(/Expected 3 answers/);
  });

  it('sets the pass mark at three quarters, rounded up', () => {
    expect([3, 4, 5].map(passMark)).toEqual([3, 3, 4]);
  });
});

describe('lessons', () => {
  it('has one lesson for /arkansas-skills and each of its 16 subpages', () => {
    expect(lessons.map((lesson) => lesson.id).sort()).toEqual(
      ['arkansas-skills', ...SKILLS_SUBPAGES].sort(),
    );
  });

  it.each(lessons.map((lesson) => [lesson.id, lesson] as const))(
    '%s teaches in 4–6 sections, cites sources and has a 3–5 question quiz with real answers',
    (_id, lesson) => {
      expect(lesson.sections.length).toBeGreaterThanOrEqual(4);
      expect(lesson.sections.length).toBeLessThanOrEqual(6);
      expect(lesson.sources.length).toBeGreaterThan(0);
      for (const source of lesson.sources) expect(source.url).toMatch(/^https:\/\//);
      expect(lesson.quiz.length).toBeGreaterThanOrEqual(3);
      expect(lesson.quiz.length).toBeLessThanOrEqual(5);
      for (const question of lesson.quiz) {
        expect(question.choices[question.answer]).toBeDefined();
        expect(new Set(question.choices).size).toBe(question.choices.length);
      }
    },
  );
});

describe('safety game', () => {
  it('scores each choice once, shows feedback, and finishes after the last scenario', () => {
    let state = newGame;
    state = gameReducer(state, { type: 'choose', choice: 0 });
    expect(state).toMatchObject({ phase: 'feedback', score: gameScenarios[0]!.choices[0]!.points });
    // A second press while the consequence shows changes nothing.
    expect(gameReducer(state, { type: 'choose', choice: 1 })).toBe(state);
    for (let index = 0; index < gameScenarios.length; index += 1) {
      if (index > 0) {
        const best = gameScenarios[index]!.choices.findIndex((choice) => choice.points === 10);
        state = gameReducer(state, { type: 'choose', choice: best });
      }
      state = gameReducer(state, { type: 'next' });
    }
    expect(state.phase).toBe('finished');
    expect(state.picks).toHaveLength(gameScenarios.length);
    expect(gameReducer(state, { type: 'restart' })).toEqual(newGame);
  });

  it('shows every choice once, with the safe call in more than one place', () => {
    const safePositions = gameScenarios.map((scenario, index) => {
      const order = shownChoiceOrder(index, scenario.choices.length);
      expect([...order].sort()).toEqual([0, 1, 2]);
      return order.findIndex((choice) => scenario.choices[choice]!.points === 10);
    });
    expect(new Set(safePositions).size).toBe(3);
  });

  it('scores every safe call as the maximum, and ignores a choice that does not exist', () => {
    let state = newGame;
    for (const scenario of gameScenarios) {
      state = gameReducer(state, { type: 'choose', choice: 7 });
      expect(state.phase).toBe('choosing');
      const safe = scenario.choices.findIndex((choice) => choice.points === 10);
      state = gameReducer(gameReducer(state, { type: 'choose', choice: safe }), { type: 'next' });
    }
    expect(state.score).toBe(maxGameScore);
  });
});
