import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBlob } from './blob-files';

const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

describe('openBlob', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the file at a blob address in a new tab, cut off from the portal', () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/copy-1');
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);

    openBlob(pdf, 'signed-informed-consent.pdf');

    expect(open).toHaveBeenCalledWith('blob:http://localhost/copy-1', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('saves the file under its name when the pop-up is blocked', () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/copy-2');
    vi.spyOn(window, 'open').mockReturnValue(null);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    openBlob(pdf, 'signed-informed-consent.pdf');

    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe('blob:http://localhost/copy-2');
    expect(link.download).toBe('signed-informed-consent.pdf');
  });
});
