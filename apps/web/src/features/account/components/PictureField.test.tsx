import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import { PictureField } from './PictureField';

function renderField() {
  const onChange = vi.fn();
  const onError = vi.fn();
  render(<PictureField choice={{ remove: false }} onChange={onChange} onError={onError} />);
  const input = screen.getByLabelText(i18n.t('account.profile.choosePicture'), { selector: 'input' });
  return { onChange, onError, input };
}

describe('the profile picture field', () => {
  it('takes a picture of an accepted type and shows its preview', async () => {
    const { onChange, onError, input } = renderField();
    await userEvent.upload(input, new File([new Uint8Array([1, 2, 3])], 'IMG_2040.HEIC', { type: 'image/heic' }));
    expect(onError).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ remove: false, file: expect.any(File) }));
  });

  it('refuses another type by name and clears the file (the server still checks the content)', async () => {
    const { onChange, onError, input } = renderField();
    await userEvent.upload(input, new File(['%PDF'], 'scan.pdf', { type: 'image/png' }), { applyAccept: false });
    expect(onError).toHaveBeenCalledWith('account.profile.pictureType');
    expect(onChange).toHaveBeenCalledWith({ remove: false });
  });

  it('refuses a file over 10 MB', async () => {
    const { onChange, onError, input } = renderField();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, big);
    expect(onError).toHaveBeenCalledWith('account.profile.pictureTooLarge');
    expect(onChange).toHaveBeenCalledWith({ remove: false });
  });

  it('shows the default picture with its own name, and an error as an alert', () => {
    render(
      <PictureField
        choice={{ remove: false }}
        onChange={vi.fn()}
        onError={vi.fn()}
        error="account.profile.pictureType"
      />,
    );
    expect(screen.getByRole('img', { name: i18n.t('account.profile.defaultPictureAlt') })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('account.profile.pictureType'));
  });
});
