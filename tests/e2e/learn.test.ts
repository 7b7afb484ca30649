/**
 * Skills progress across devices, in Chromium against the server: a lesson finished and a game
 * played before signing in become the rider's on sign-in and reach a second profile of the same
 * rider. The lessons, the quiz, the keyboard game and the progress kept on the device are
 * component tests (tests/component/learn.test.tsx); serving the pages offline is the journey
 * tests/e2e/offline-routes-learn.test.ts's.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { gameScenarios, maxGameScore } from '../../src/learn/game.ts';
import { findLesson } from '../../src/learn/lessons/index.ts';
import { replicationBasePath } from '../../schemas/sync-protocol.ts';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';
import { registerRider, signIn } from './accounts.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

describe('skills progress in Chromium', () => {
  it('becomes the rider’s on sign-in and reaches a second profile', async () => {
    const rider = await registerRider(baseUrl, 'learner');

    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { page } = phone;

    // Finish a lesson and play the game as a guest.
    const weather = findLesson('weather-mastery')!;
    await page.goto(`${baseUrl}/arkansas-skills/weather-mastery`);
    await page.getByRole('heading', { level: 1, name: weather.title }).waitFor();
    for (const question of weather.quiz) {
      await page
        .locator('label.lesson-quiz__choice', { hasText: question.choices[question.answer]! })
        .click();
    }
    await page.getByRole('button', { name: 'Check answers' }).click();
    await page.getByText('3 of 3 right. Lesson finished: your progress is saved.').waitFor();
    await page.locator('.lesson-quiz').screenshot({
      path: new URL('./screenshots/learn-quiz-passed.png', import.meta.url).pathname,
    });

    await page.goto(`${baseUrl}/game`);
    for (const scenario of gameScenarios) {
      await page.getByRole('heading', { name: scenario.situation }).waitFor();
      const safe = scenario.choices.find((choice) => choice.points === 10)!;
      await page.getByRole('button', { name: safe.label }).click();
      await page.getByRole('button', { name: /Next situation|See your score/ }).click();
    }
    await page.getByText(`Best: ${maxGameScore} / ${maxGameScore}`).waitFor();
    await saveScreenshot(page, 'learn-game-finished');

    // Signed in: the progress becomes the rider's and reaches the server.
    await signIn(page, baseUrl, rider);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rider),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    await expect
      .poll(
        async () => {
          const pulled = await fetch(`${baseUrl}${replicationBasePath('records')}/pull?limit=50`, {
            headers: { authorization: `Bearer ${accessToken}` },
          });
          const body = (await pulled.json()) as { documents: { kind: string }[] };
          return [...new Set(body.documents.map((document) => document.kind))].sort();
        },
        { timeout: 60_000, interval: 1000 },
      )
      // The lesson, the game's best and the achievement progress they earned.
      .toEqual(['achievementProgress', 'gameBest', 'skillProgress']);

    // A second profile of the same rider shows both.
    const other = await openBrowser(viewports.phone);
    sessions.push(other);
    await signIn(other.page, baseUrl, rider);
    await other.page.goto(`${baseUrl}/arkansas-skills/weather-mastery`);
    await other.page
      .getByText(/You finished this lesson \(best quiz 3 of 3\)/)
      .waitFor({ timeout: 60_000 });
    await other.page.getByText('1 of 17 finished.').waitFor();
    await other.page.goto(`${baseUrl}/game`);
    await other.page
      .getByText(`Best: ${maxGameScore} / ${maxGameScore}`)
      .waitFor({ timeout: 30_000 });
    await saveScreenshot(other.page, 'learn-second-profile');
  });
});
