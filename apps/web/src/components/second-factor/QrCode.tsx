import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';

const SIZE_PX = 200;

/** `value` drawn as a QR code (an SVG image); the QR library loads with it, never with a public page. */
async function qrImage(value: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A QR code whose text alternative `alt` says what it is for; a spinner stands in its place while it is drawn. */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [image, setImage] = useState<{ value: string; src: string }>();
  useEffect(() => {
    let current = true;
    void qrImage(value).then((src) => current && setImage({ value, src }));
    return () => {
      current = false;
    };
  }, [value]);
  return (
    <Box sx={{ width: SIZE_PX, height: SIZE_PX, display: 'grid', placeItems: 'center', bgcolor: '#fff' }}>
      {image?.value === value ? (
        <img src={image.src} alt={alt} width={SIZE_PX} height={SIZE_PX} />
      ) : (
        <CircularProgress size={32} aria-hidden />
      )}
    </Box>
  );
}
