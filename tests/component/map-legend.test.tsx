import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MapLegend } from '../../src/map/map-legend.tsx';

describe('map legend', () => {
  it('opens from its button, explains line styles and says plainly that roads are missing', async () => {
    const user = userEvent.setup();
    render(<MapLegend variant="high-contrast" hasRoadLayer={false} />);
    await user.click(screen.getByRole('button', { name: 'Map legend' }));
    const legend = await screen.findByRole('dialog', { name: 'Map legend' });
    for (const text of [
      'Open to vehicles over 50″ wide (full-size 4WD)',
      'Motorcycles only (single track)',
      'Solid: open by its published season',
      'Short dashes on red: closed today by its season',
      'Red dots: Closed (rider report, unconfirmed)',
      'Amber dots: Some issues (rider report, unconfirmed)',
      'Campground',
    ]) {
      expect(within(legend).getByText(text)).toBeTruthy();
    }
    expect(within(legend).getByText(/Roads are not on this map/)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('credits the installed road map instead', async () => {
    const user = userEvent.setup();
    render(<MapLegend variant="light" hasRoadLayer />);
    await user.click(screen.getByRole('button', { name: 'Map legend' }));
    const legend = await screen.findByRole('dialog', { name: 'Map legend' });
    expect(within(legend).queryByText(/Roads are not on this map/)).toBeNull();
    expect(within(legend).getByText(/road map installed on this server/)).toBeTruthy();
  });
});
