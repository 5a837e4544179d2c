import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import type { TConsentInputField, TSignatureMark } from '@portal/shared/consent/ceremony';
import { saveBlob } from '../../lib/blob-files';
import { Document, Page } from '../../lib/pdf-viewer';
import { FieldOverlay } from './FieldOverlay';

/** The widest a page is drawn, in CSS pixels (about 100 % zoom of a letter page on a desktop). */
const MAX_PAGE_WIDTH = 880;

interface ConsentDocumentProps {
  bytes: Uint8Array;
  fields: readonly TConsentInputField[];
  values: Record<string, string | boolean>;
  signature: TSignatureMark | null;
  errors: Record<string, string>;
  zoom: number;
  onValue(fieldId: string, value: string | boolean): void;
}

/** The consent PDF page by page (react-pdf), with each configured field over its place on its page. */
export function ConsentDocument({ bytes, fields, values, signature, errors, zoom, onValue }: ConsentDocumentProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const [pageCount, setPageCount] = useState(0);
  const [pointWidths, setPointWidths] = useState<Record<number, number>>({});
  // react-pdf takes the bytes over (they move to the worker): it gets its own copy, once.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setFrameWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pageWidth = Math.round(Math.min(frameWidth, MAX_PAGE_WIDTH) * zoom);
  return (
    <Box ref={frame} sx={{ width: '100%', overflowX: 'auto' }}>
      {pageWidth > 0 && (
        <Document
          file={file}
          onLoadSuccess={(document) => setPageCount(document.numPages)}
          loading={
            <Stack direction="row" spacing={1} alignItems="center" role="status">
              <CircularProgress size={20} aria-hidden />
              <Typography>{t('consent.sign.loading')}</Typography>
            </Stack>
          }
          error={<Alert severity="error">{t('consent.sign.loadFailed')}</Alert>}
        >
          <Stack spacing={2} alignItems="center">
            {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => {
              const scale = pointWidths[number] ? pageWidth / pointWidths[number] : 0;
              return (
                <Paper
                  key={number}
                  component="section"
                  aria-label={t('consent.sign.pageLabel', { page: number, pages: pageCount })}
                  elevation={2}
                  sx={{ position: 'relative', width: pageWidth }}
                >
                  <Page
                    pageNumber={number}
                    width={pageWidth}
                    renderAnnotationLayer={false}
                    onLoadSuccess={(page) => setPointWidths((known) => ({ ...known, [number]: page.originalWidth }))}
                  />
                  {scale > 0 &&
                    fields
                      .filter((field) => field.coordinates.page === number)
                      .map((field) => (
                        <FieldOverlay
                          key={field.id}
                          field={field}
                          scale={scale}
                          value={values[field.id]}
                          signature={signature}
                          error={errors[field.id]}
                          onChange={(value) => onValue(field.id, value)}
                        />
                      ))}
                  <Typography variant="caption" sx={{ display: 'block', textAlign: 'center', py: 0.5 }}>
                    {t('consent.sign.pageLabel', { page: number, pages: pageCount })}
                  </Typography>
                </Paper>
              );
            })}
          </Stack>
        </Document>
      )}
    </Box>
  );
}

/** Saves the form's PDF under its own name. */
export function DownloadFormButton({ bytes, fileName }: { bytes: Uint8Array; fileName: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      onClick={() => saveBlob(new Blob([bytes.slice()], { type: 'application/pdf' }), fileName)}
    >
      {t('consent.sign.download')}
    </Button>
  );
}
