/**
 * Skills lessons and the safety game in Chromium at phone size (issue 16): every skills route
 * and both game addresses render their real page offline (never the directory placeholder); a
 * lesson finished and a game played offline are still there after an offline reload; after
 * signing in and going online they reach a second profile of the same rider.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { SKILLS_SUBPAGES } from '../../src/features/directory.ts';
import { gameScenarios, maxGameScore } from '../../src/learn/game.ts';
import { findLesson } from '../../src/learn/lessons/index.ts';
import { replicationBasePath } from '../../schemas/sync-protocol.ts';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { signIn } from './accounts.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

describe('skills lessons and the safety game in Chromium', () => {
  it('works offline, keeps progress across a reload, and syncs it to a second profile', async () => {
    const rider = {
      username: `learner-${Date.now().toString(36)}`,
      password: 'long enough password',
    };
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...rider, email: `${rider.username}@example.org` }),
    });
    expect(registered.status).toBe(201);

    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { page } = phone;
    await page.goto(`${baseUrl}/arkansas-skills`);
    await page.getByRole('heading', { level: 1, name: 'Riding in Arkansas: the basics' }).waitFor();
    await waitForOfflineReady(page);
    await phone.context.setOffline(true);

    // Every route of the table, loaded offline: its lesson, sources and quiz, no placeholder.
    for (const id of ['arkansas-skills', ...SKILLS_SUBPAGES]) {
      const lesson = findLesson(id)!;
      await page.goto(`${baseUrl}${id === 'arkansas-skills' ? '' : '/arkansas-skills'}/${id}`);
      await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
      await page.getByRole('heading', { name: lesson.sections[0]!.heading }).waitFor();
      await page.getByRole('button', { name: 'Check answers' }).waitFor();
      expect(await page.locator('.feature-page').count(), id).toBe(0);
    }
    for (const path of ['/game', '/trail-riding-game']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: gameScenarios[0]!.situation }).waitFor();
      expect(await page.locator('.feature-page').count(), path).toBe(0);
    }

    // Finish a lesson offline.
    const weather = findLesson('weather-mastery')!;
    await page.goto(`${baseUrl}/arkansas-skills/weather-mastery`);
    await saveScreenshot(page, 'learn-lesson-offline');
    for (const question of weather.quiz) {
      await page
        .locator('label.lesson-quiz__choice', { hasText: question.choices[question.answer]! })
        .click();
    }
    await page.getByRole('button', { name: 'Check answers' }).click();
    await page.getByText('3 of 3 right. Lesson finished: your progress is saved.').waitFor();
    await page.getByText(/You finished this lesson/).waitFor();
    await page.locator('.lesson-quiz').screenshot({
      path: new URL('./screenshots/learn-quiz-passed.png', import.meta.url).pathname,
    });

    // Play the game offline with the keyboard: Tab to the safe choice, Enter.
    await page.goto(`${baseUrl}/game`);
    for (const scenario of gameScenarios) {
      await page.getByRole('heading', { name: scenario.situation }).waitFor();
      const safe = scenario.choices.find((choice) => choice.points === 10)!;
      await page.getByRole('button', { name: safe.label }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Safe call: +10').waitFor();
      if (scenario === gameScenarios[0]) await saveScreenshot(page, 'learn-game-feedback');
      await page.getByRole('button', { name: /Next situation|See your score/ }).click();
    }
    await page
      .getByRole('heading', { name: `You scored ${maxGameScore} of ${maxGameScore}` })
      .waitFor();
    await page.getByText(`Best: ${maxGameScore} / ${maxGameScore}`).waitFor();
    await saveScreenshot(page, 'learn-game-finished');

    // Still there after a reload with the network off.
    await page.reload();
    await page.getByText(`Best: ${maxGameScore} / ${maxGameScore}`).waitFor();
    await page.goto(`${baseUrl}/arkansas-skills/weather-mastery`);
    await page.getByText(/You finished this lesson \(best quiz 3 of 3\)/).waitFor();
    await page.getByText('1 of 17 finished on this device.', { exact: false }).waitFor();
    await saveScreenshot(page, 'learn-progress-after-offline-reload');
    for (const [selector, name] of [
      ['.lesson-figure', 'learn-figure'],
      ['.lesson-list', 'learn-lesson-list'],
    ] as const) {
      await page.locator(selector).first().scrollIntoViewIfNeeded();
      await saveScreenshot(page, name);
    }

    // Online and signed in: the progress becomes the rider's and reaches another profile.
    await phone.context.setOffline(false);
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
          return body.documents.map((document) => document.kind).sort();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toEqual(['gameBest', 'skillProgress']);

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
