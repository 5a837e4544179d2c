import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OutcomePanel } from './OutcomePanel';

describe('the outcome panel', () => {
  it('takes the focus, so the result is read out where the pressed button was', () => {
    render(
      <OutcomePanel>
        <p>Your password has been reset.</p>
      </OutcomePanel>,
    );
    expect(screen.getByText('Your password has been reset.').parentElement).toHaveFocus();
  });

  it('leaves the focus alone when told to, as on a page that opens on it', () => {
    render(
      <OutcomePanel focus={false}>
        <p>This link cannot be used.</p>
      </OutcomePanel>,
    );
    expect(screen.getByText('This link cannot be used.').parentElement).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });
});
