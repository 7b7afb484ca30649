/**
 * Skills lessons and the safety game with the network off: every skills route shows its lesson,
 * sources and quiz and both game addresses show the game; a lesson's quiz finished and a game
 * played with the keyboard are kept on the device and shown again when the app opens anew.
 * (That this progress reaches the rider's other devices once signed in is checked in Chromium
 * against the server: tests/e2e/learn.test.ts.)
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SKILLS_SUBPAGES } from '../../src/features/directory.ts';
import { gameScenarios, maxGameScore } from '../../src/learn/game.ts';
import { findLesson } from '../../src/learn/lessons/index.ts';
import { openPage } from './app-helpers.ts';
import { renderApp } from './render-app.tsx';

describe('skills lessons', () => {
  it('every skills route shows its lesson, its first section and its quiz', async () => {
    const app = await renderApp('/arkansas-skills');
    for (const id of ['arkansas-skills', ...SKILLS_SUBPAGES]) {
      const lesson = findLesson(id)!;
      if (id !== 'arkansas-skills') await openPage(app, `/arkansas-skills/${id}`);
      expect(screen.getByRole('heading', { level: 1 }).textContent, id).toBe(lesson.title);
      expect(screen.getByRole('heading', { name: lesson.sections[0]!.heading }), id).toBeTruthy();
      // The lesson paints before the database opens; its quiz follows once it is open.
      expect(await screen.findByRole('button', { name: 'Check answers' }), id).toBeTruthy();
    }
    for (const path of ['/game', '/trail-riding-game']) {
      await openPage(app, path);
      expect(screen.getByRole('heading', { level: 1 }).textContent, path).toBe('Trail Safety Game');
      expect(screen.getByRole('heading', { name: gameScenarios[0]!.situation }), path).toBeTruthy();
    }
  });

  it('a finished quiz is saved on the device and shown when the app opens again', async () => {
    const user = userEvent.setup();
    const weather = findLesson('weather-mastery')!;
    const app = await renderApp('/arkansas-skills/weather-mastery');
    await screen.findByRole('button', { name: 'Check answers' });
    expect(screen.queryByText(/You finished this lesson/)).toBeNull();
    for (const question of weather.quiz) {
      await user.click(screen.getByRole('radio', { name: question.choices[question.answer]! }));
    }
    await user.click(screen.getByRole('button', { name: 'Check answers' }));
    await screen.findByText('3 of 3 right. Lesson finished: your progress is saved.');
    await screen.findByText(/You finished this lesson/);

    app.unmount();
    await renderApp('/arkansas-skills/weather-mastery');
    await screen.findByText(/You finished this lesson \(best quiz 3 of 3\)/);
    await screen.findByText(/1 of 17 finished on this device\./);
  });
});

describe('the safety game', () => {
  it('is played with the keyboard, and the best score is kept on the device', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/game');
    expect(screen.getByText('no games yet')).toBeTruthy();
    for (const scenario of gameScenarios) {
      await screen.findByRole('heading', { name: scenario.situation });
      const safe = scenario.choices.find((choice) => choice.points === 10)!;
      act(() => screen.getByRole('button', { name: safe.label }).focus());
      await user.keyboard('{Enter}');
      await screen.findByText('Safe call: +10');
      await user.click(screen.getByRole('button', { name: /Next situation|See your score/ }));
    }
    await screen.findByRole('heading', {
      name: `You scored ${maxGameScore} of ${maxGameScore}`,
    });
    await screen.findByText(`${maxGameScore} / ${maxGameScore}`);

    app.unmount();
    await renderApp('/game');
    await screen.findByText(`${maxGameScore} / ${maxGameScore}`);
    expect(screen.getByText(/Best:/).textContent).toBe(`Best: ${maxGameScore} / ${maxGameScore}`);
  });
});
