import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Language } from '@portal/shared/constants';
import type { TestApp } from './helpers';
import { API } from './registration-helpers';

export interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** `PUT /keycloak/user` as a browser sends it: multipart form data, text fields and an optional file. */
export async function putProfile(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  file?: UploadFile,
  language?: Language,
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  // The platform's own encoder writes the body and its boundary, exactly as fetch would.
  const encoded = new Request('http://portal.test/', { method: 'PUT', body: form });
  return t.app.inject({
    method: 'PUT',
    url: `${API}/keycloak/user`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': encoded.headers.get('content-type')!,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
    cookies: language ? { preferredLanguage: language } : {},
  });
}

/** The profile fields a participant keeps as registered (registration-helpers' defaults). */
export const SAME_PROFILE = { language: 'en', birthDate: '05/17/1960', gender: 'female' };

/** A photo of `width` x `height` in a solid colour, as a camera would save it. */
export function photo(format: 'png' | 'jpeg' | 'webp', width = 1200, height = 900): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 60 } } });
  return image.toFormat(format).toBuffer();
}

/** A JPEG carrying EXIF the way phones write it: the camera, the owner, and where the photo was taken. */
export function jpegWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Artist: 'Ana Nunez' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 0/1' },
    })
    .toBuffer();
}

/** A photo full of fine detail (pseudo-random pixels), which gives its decoder real work, unlike one colour. */
export function detailedPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.imul(i, 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * A real HEIC (HEVC-coded, as iPhones save photos), encoded by libheif's `heif-enc` from a PNG the test draws
 * (by default a solid 320 x 240 photo). CI installs it (Debian package libheif-examples).
 */
export async function heicPhoto(png?: Buffer): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'heic-'));
  try {
    writeFileSync(join(dir, 'in.png'), png ?? (await photo('png', 320, 240)));
    const encoder = ['-q', '60', '-p', 'preset=ultrafast'];
    execFileSync('heif-enc', [...encoder, '-o', join(dir, 'out.heic'), join(dir, 'in.png')], { stdio: 'pipe' });
    return readFileSync(join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An SVG that would run script and phone home if a browser ever rendered it as a document. */
export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(document.cookie)">' +
    '<script>fetch("/common-server/keycloak/user")</script>' +
    '<circle cx="50" cy="50" r="40" fill="teal"/></svg>',
);
