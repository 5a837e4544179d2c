import { act, render, screen } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { keepTypedBeforeTakeover, restoreTypedBeforeTakeover } from './typed-before-takeover';

function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A form like the portal's: react-hook-form sets each field to its start value when the field is registered. */
function SignInForm() {
  const { register, control } = useForm({ defaultValues: { email: '', remember: false, contact: 'phone' } });
  const values = useWatch({ control });
  return (
    <form>
      <input aria-label="Email" {...register('email')} />
      <input aria-label="Remember me" type="checkbox" {...register('remember')} />
      <input aria-label="By phone" type="radio" value="phone" {...register('contact')} />
      <input aria-label="By e-mail" type="radio" value="email" {...register('contact')} />
      <output aria-label="Form values">{JSON.stringify(values)}</output>
    </form>
  );
}

describe('what is typed before the app takes a page over', () => {
  it('is put back into the form the app renders there, as input the form hears', async () => {
    const root = document.createElement('div');
    root.setAttribute('aria-busy', 'true');
    root.innerHTML =
      '<input name="email"><input name="remember" type="checkbox">' +
      '<input name="contact" type="radio" value="phone" checked><input name="contact" type="radio" value="email">';
    document.body.append(root);
    keepTypedBeforeTakeover(root);
    const [email, remember, , byEmail] = root.querySelectorAll('input');
    type(email!, 'ana@example.org');
    remember!.click();
    byEmail!.click();

    root.innerHTML = ''; // the app's own render replaces the pre-rendered fields
    root.removeAttribute('aria-busy');
    render(<SignInForm />, { container: root });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');

    act(() => restoreTypedBeforeTakeover(root));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.org');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'By e-mail' })).toBeChecked();
    expect(screen.getByRole('status', { name: 'Form values' })).toHaveTextContent(
      '{"email":"ana@example.org","remember":true,"contact":"email"}',
    );
    root.remove();
  });
});
