import type { Locator, Page } from '@playwright/test';

/** Draws a signature on the pad with the mouse, as a person would. */
export async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -40],
    [110, 30],
    [170, -30],
    [230, 20],
    [300, -10],
  ] as const)
    await page.mouse.move(box.x + 30 + dx, box.y + box.height * 0.6 + dy, { steps: 6 });
  await page.mouse.up();
}
