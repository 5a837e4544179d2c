import { afterEach, describe, expect, it } from 'vitest';
import { announceAppFiles } from './app-files';

const links = (count: number) =>
  Array.from({ length: count }, (_, n) => `<link rel="modulepreload" crossorigin href="/assets/file-${n + 1}.js">`);

const announced = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('announceAppFiles', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('moves the template’s links into the head four per task, in their order, and removes the template', async () => {
    document.head.innerHTML = `<template id="app-files">${links(6).join('')}</template>`;
    const perTask: number[] = [];
    await announceAppFiles(document, async () => void perTask.push(announced().length));
    expect(perTask).toEqual([4, 6]);
    expect(announced()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/assets/file-${n}.js`));
    expect(document.getElementById('app-files')).toBeNull();
  });

  it('announces nothing, at once, on a page without the template', async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/already.js">';
    let tasks = 0;
    await announceAppFiles(document, async () => void (tasks += 1));
    expect(tasks).toBe(0);
    expect(announced()).toEqual(['/assets/already.js']);
  });
});
