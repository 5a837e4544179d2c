import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormSelect, NativeSelect } from './NativeSelect';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'sp', label: 'Spanish' },
];

describe('NativeSelect', () => {
  it('is named by its label, offers its choices and hands on the value chosen', async () => {
    const onChange = vi.fn();
    render(<NativeSelect label="Language" value="en" options={LANGUAGES} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).not.toBeRequired();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Spanish']);
    await userEvent.setup().selectOptions(select, 'Spanish');
    expect(onChange).toHaveBeenCalledWith('sp');
  });

  it('puts an empty first choice when told, and is described by the text it is given', () => {
    render(
      <>
        <NativeSelect
          label="Action"
          value=""
          placeholder="Any action"
          options={LANGUAGES}
          describedBy="hint"
          onChange={() => {}}
        />
        <p id="hint">Choose a health system or enter a User ID</p>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Action' });
    expect(select).toHaveDisplayValue('Any action');
    expect(select).toHaveAccessibleDescription('Choose a health system or enter a User ID');
    expect(select).not.toBeInvalid();
  });
});

describe('FormSelect', () => {
  it('is required, starts on Select…, and is invalid and described by its message while it has one', () => {
    render(
      <>
        <FormSelect
          name="language"
          label="Preferred language"
          value=""
          options={LANGUAGES}
          errorId="language-error"
          onChange={() => {}}
        />
        <p id="language-error">Please select your preferred language</p>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Preferred language' });
    expect(select).toBeRequired();
    expect(select).toHaveDisplayValue('Select…');
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription('Please select your preferred language');
  });
});
