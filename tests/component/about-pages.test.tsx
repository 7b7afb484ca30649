import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

describe('donate page', () => {
  it('says donations are not set up', async () => {
    await renderApp('/donate');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Natural State Trails' }),
    ).toBeTruthy();
    expect(await screen.findByText(/Donations are not set up on this installation/)).toBeTruthy();
  });
});
