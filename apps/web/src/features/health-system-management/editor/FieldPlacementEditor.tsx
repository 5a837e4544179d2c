import { Suspense, useEffect, useId, useMemo, useRef, useState, type PointerEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsentFieldType } from '@portal/shared/consent/ceremony';
import {
  CONSENT_FIELDS_MAX,
  CONSENT_FORM_MESSAGES,
  ZInputFieldSettings,
  type PageSize,
} from '@portal/shared/health-systems/consent-form-settings';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { visuallyHidden } from '../../../components/ui/VisuallyHidden';
import { serverMessage } from '../../../lib/api-client';
import { Document, Page, pageSizesOf } from '../../../lib/pdf-viewer';
import { serverFieldErrors } from '../../../lib/server-errors';
import { LANGUAGE_NAME_KEYS } from '../consent/consent-drafts';
import { CeremonyPreview } from './CeremonyPreview';
import {
  ceremonyField,
  fieldProblems,
  isPlaced,
  newFieldKey,
  savedFields,
  toEditorFields,
  withRect,
  type EditorField,
} from './editor-fields';
import { FieldBox } from './FieldBox';
import { FieldListPanel } from './FieldListPanel';
import { NewFieldPanel } from './NewFieldPanel';
import { PageBar } from './PageBar';
import { SaveErrorAlert } from './SaveErrorAlert';
import { clampRect, DEFAULT_FIELD_SIZES, pointOnPage, rectBetween, type Point, type Rect } from './geometry';
import type { FieldPlacementEditorProps } from './LazyFieldPlacementEditor';

/** CSS pixels per point the page can be drawn at; 1 draws a point as a pixel. */
const ZOOMS = [0.75, 1, 1.5, 2] as const;
const FIRST_ZOOM = 1;
/** Where a server error names a field of the saved list: `inputFields.<index>.…`. */
const FIELD_PATH = /^inputFields\.(\d+)\./;

type Pending = { kind: 'discard' } | { kind: 'delete'; key: string } | null;

/**
 * The visual editor of a consent form's input fields, full screen: the PDF page by page with each field as a box
 * to draw, drag, resize or move by keyboard, a side panel of the same fields as numbers, and a preview of the form
 * as the participant will see it. Places are PDF points from the page's top-left corner, y downward.
 */
export default function FieldPlacementEditor({ pdf, language, fields, onSave, onCancel }: FieldPlacementEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const instructionsId = `${id}-keys`;
  const [bytes, setBytes] = useState<Uint8Array>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [pageSizes, setPageSizes] = useState<PageSize[]>();
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<number>(FIRST_ZOOM);
  const [edited, setEdited] = useState<EditorField[]>(() => toEditorFields(fields));
  const [dirty, setDirty] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const [newType, setNewType] = useState<ConsentFieldType>('text');
  const [newDescription, setNewDescription] = useState('');
  const [newProblem, setNewProblem] = useState<string>();
  const [drawMode, setDrawMode] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; fields: string[] }>();
  const drawing = useRef<{ pointerId: number; start: Point; key: string } | null>(null);
  const cards = useRef(new Map<string, HTMLDivElement>());
  const listHeading = useRef<HTMLHeadingElement>(null);
  const sidePanel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    pdf.arrayBuffer().then(
      (buffer) => current && setBytes(new Uint8Array(buffer)),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [pdf]);
  // react-pdf takes the bytes over (they move to the worker): the pages get their own copy each time they are
  // shown, the preview its own.
  const file = useMemo(() => (bytes && !previewing ? { data: bytes.slice() } : undefined), [bytes, previewing]);

  // The selected field's card scrolls into sight within the side panel alone: were the page to move under the
  // pointer while a box is drawn or dragged, the box would follow the page instead of the hand.
  useEffect(() => {
    const card = selectedKey ? cards.current.get(selectedKey) : undefined;
    const list = sidePanel.current;
    if (!card || !list) return;
    const shown = list.getBoundingClientRect();
    const place = card.getBoundingClientRect();
    if (place.top < shown.top) list.scrollTop -= shown.top - place.top;
    else if (place.bottom > shown.bottom)
      list.scrollTop += Math.min(place.bottom - shown.bottom, place.top - shown.top);
  }, [selectedKey]);

  const problems = useMemo(
    () => new Map(edited.map((field) => [field.key, fieldProblems(field, pageSizes)])),
    [edited, pageSizes],
  );
  const page = pageSizes?.[pageNumber - 1];
  const pageCount = pageSizes?.length ?? 0;

  const change = (next: EditorField[]) => {
    setEdited(next);
    setDirty(true);
    setSaveError(undefined);
  };
  const update = (key: string, replace: (field: EditorField) => EditorField) =>
    change(edited.map((field) => (field.key === key ? replace(field) : field)));
  const select = (field: EditorField) => {
    setSelectedKey(field.key);
    if (pageSizes?.[field.coordinates.page - 1]) setPageNumber(field.coordinates.page);
  };

  /** A new field of the chosen type and description at `rect` on the shown page, or why it cannot be added. */
  const addField = (rect: Rect): EditorField | undefined => {
    const description = ZInputFieldSettings.shape.description.safeParse(newDescription);
    const problem = !description.success
      ? description.error.issues[0]?.message
      : edited.length >= CONSENT_FIELDS_MAX
        ? CONSENT_FORM_MESSAGES.tooManyFields
        : undefined;
    setNewProblem(problem);
    if (problem || !description.success) return undefined;
    const field: EditorField = {
      key: newFieldKey(),
      description: description.data,
      type: newType,
      coordinates: { page: pageNumber, x: rect.x, y: rect.y },
      dimensions: { width: rect.width, height: rect.height },
      isRequired: false,
    };
    change([...edited, field]);
    setSelectedKey(field.key);
    setNewDescription('');
    return field;
  };

  const startDrawing = (event: PointerEvent<HTMLElement>) => {
    if (!drawMode || !page || event.button !== 0 || event.target !== event.currentTarget) return;
    const start = pointOnPage(
      { x: event.clientX, y: event.clientY },
      event.currentTarget.getBoundingClientRect(),
      zoom,
    );
    const field = addField(rectBetween(start, start, page));
    if (!field) return setDrawMode(false);
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = { pointerId: event.pointerId, start, key: field.key };
  };
  const followDrawing = (event: PointerEvent<HTMLElement>) => {
    const current = drawing.current;
    if (!page || current?.pointerId !== event.pointerId) return;
    const end = pointOnPage({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect(), zoom);
    setEdited((all) =>
      all.map((field) => (field.key === current.key ? withRect(field, rectBetween(current.start, end, page)) : field)),
    );
  };
  const endDrawing = (event: PointerEvent<HTMLElement>) => {
    if (drawing.current?.pointerId !== event.pointerId) return;
    drawing.current = null;
    setDrawMode(false);
  };

  const confirmPending = () => {
    if (pending?.kind === 'discard') onCancel();
    if (pending?.kind === 'delete') {
      change(edited.filter((field) => field.key !== pending.key));
      setSelectedKey(undefined);
      listHeading.current?.focus();
    }
    setPending(null);
  };
  const cancel = () => (dirty ? setPending({ kind: 'discard' }) : onCancel());

  const save = async () => {
    const invalid = edited.some((field) => Object.keys(problems.get(field.key) ?? {}).length > 0);
    if (invalid) return setSaveError({ message: 'healthSystems.editor.fixFields', fields: [] });
    setSaving(true);
    setSaveError(undefined);
    try {
      await onSave(savedFields(edited));
      setDirty(false);
    } catch (error) {
      setSaveError({
        message: serverMessage(error) ?? 'error.generic',
        fields: serverFieldErrors(error).map((e) => {
          const index = FIELD_PATH.exec(e.errorField)?.[1];
          const text = t(e.message, { defaultValue: e.message });
          return index === undefined
            ? text
            : t('healthSystems.editor.fieldError', { number: Number(index) + 1, message: text });
        }),
      });
    } finally {
      setSaving(false);
    }
  };

  const pendingField = pending?.kind === 'delete' ? edited.find((field) => field.key === pending.key) : undefined;
  const languageName = t(LANGUAGE_NAME_KEYS[language]);

  return (
    <Dialog open onClose={() => !saving && cancel()} fullScreen aria-labelledby={titleId}>
      <DialogTitle
        id={`${id}-bar`}
        component="div"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('healthSystems.editor.title', { language: languageName })}
        </Typography>
        <FormControlLabel
          control={<Switch checked={previewing} onChange={(event) => setPreviewing(event.target.checked)} />}
          label={t('healthSystems.editor.preview')}
          sx={{ typography: 'body1' }}
        />
        <Button onClick={cancel} disabled={saving}>
          {t('admin.editor.cancel')}
        </Button>
        <SubmitButton
          onClick={() => void save()}
          busy={saving}
          label={saving ? t('admin.editor.saving') : t('admin.editor.save')}
        />
      </DialogTitle>
      <Divider />
      {saveError && <SaveErrorAlert message={saveError.message} fields={saveError.fields} />}
      <DialogContent>
        {loadFailed ? (
          <Alert severity="error">{t('consent.sign.loadFailed')}</Alert>
        ) : !bytes ? (
          <PageLoading text={t('consent.sign.loading')} />
        ) : previewing || !file ? (
          <CeremonyPreview bytes={bytes} fields={edited.filter(isPlaced).map(ceremonyField)} language={language} />
        ) : (
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} alignItems="flex-start">
            <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
              <NewFieldPanel
                type={newType}
                onType={setNewType}
                description={newDescription}
                onDescription={(description) => {
                  setNewDescription(description);
                  setNewProblem(undefined);
                }}
                problem={newProblem}
                canAdd={Boolean(page)}
                onAdd={() => {
                  if (!page) return;
                  const { width, height } = DEFAULT_FIELD_SIZES[newType];
                  addField(clampRect({ x: 0, y: 0, width, height }, page));
                }}
                drawMode={drawMode}
                onToggleDraw={() => setDrawMode((on) => !on)}
              />

              <PageBar
                pageNumber={pageNumber}
                pageCount={pageCount}
                onPage={setPageNumber}
                zooms={ZOOMS}
                zoom={zoom}
                onZoom={setZoom}
              />

              <Typography id={instructionsId} sx={visuallyHidden}>
                {t('healthSystems.editor.keys')}
              </Typography>
              <Box sx={{ overflow: 'auto', maxWidth: '100%', pb: 2 }}>
                {/* react-pdf suspends while it loads: the editor around it stays shown, and its copy of the bytes
                    stays the same object, which react-pdf keeps the loaded document by. */}
                <Suspense fallback={<PageLoading text={t('consent.sign.loading')} />}>
                  <Document
                    file={file}
                    onLoadSuccess={(document) =>
                      void pageSizesOf(document).then(setPageSizes, () => setLoadFailed(true))
                    }
                    onLoadError={() => setLoadFailed(true)}
                    loading={<PageLoading text={t('consent.sign.loading')} />}
                    error={<Alert severity="error">{t('consent.sign.loadFailed')}</Alert>}
                  >
                    {page && (
                      <Paper
                        component="section"
                        aria-label={t('consent.sign.pageLabel', { page: pageNumber, pages: pageCount })}
                        elevation={2}
                        sx={{ position: 'relative', width: page.width * zoom, height: page.height * zoom }}
                      >
                        <Page
                          pageNumber={pageNumber}
                          scale={zoom}
                          renderTextLayer={false}
                          renderAnnotationLayer={false}
                          loading={<CircularProgress aria-label={t('consent.sign.loading')} />}
                        />
                        <Box
                          data-testid="field-layer"
                          onPointerDown={startDrawing}
                          onPointerMove={followDrawing}
                          onPointerUp={endDrawing}
                          onPointerCancel={endDrawing}
                          sx={{
                            position: 'absolute',
                            inset: 0,
                            zIndex: 2,
                            cursor: drawMode ? 'crosshair' : 'default',
                            touchAction: drawMode ? 'none' : 'auto',
                          }}
                        >
                          {edited
                            .filter((field) => field.coordinates.page === pageNumber && isPlaced(field))
                            .map((field) => (
                              <FieldBox
                                key={field.key}
                                field={field}
                                scale={zoom}
                                page={page}
                                selected={field.key === selectedKey}
                                invalid={Object.keys(problems.get(field.key) ?? {}).length > 0}
                                instructionsId={instructionsId}
                                onSelect={() => setSelectedKey(field.key)}
                                onPlace={(rect) => update(field.key, (current) => withRect(current, rect))}
                                onDelete={() => setPending({ kind: 'delete', key: field.key })}
                              />
                            ))}
                        </Box>
                      </Paper>
                    )}
                  </Document>
                </Suspense>
              </Box>
            </Stack>

            <FieldListPanel
              panelRef={sidePanel}
              headingRef={listHeading}
              headingId={`${id}-fields`}
              cardsRef={cards}
              fields={edited}
              selectedKey={selectedKey}
              problems={problems}
              onSelect={select}
              onChange={(field, next) => {
                update(field.key, () => next);
                if (next.coordinates.page !== field.coordinates.page && pageSizes?.[next.coordinates.page - 1])
                  setPageNumber(next.coordinates.page);
              }}
              onDelete={(field) => setPending({ kind: 'delete', key: field.key })}
            />
          </Stack>
        )}
      </DialogContent>
      <ConfirmDialog
        open={pending !== null}
        title={t(
          pending?.kind === 'discard' ? 'healthSystems.editor.discardTitle' : 'healthSystems.editor.deleteTitle',
        )}
        text={
          pending?.kind === 'discard'
            ? t('healthSystems.editor.discardText')
            : t('healthSystems.editor.deleteText', { description: pendingField?.description ?? '' })
        }
        confirmLabel={t(pending?.kind === 'discard' ? 'healthSystems.editor.discard' : 'healthSystems.editor.delete')}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      />
    </Dialog>
  );
}
